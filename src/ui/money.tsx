import type { Locale } from '@contract/locales';
import { useLingui } from '@lingui/react/macro';
import { formatMoney } from './format';

/** An amount with two decimals and thousands separators in the interface language. */
export function Money({
  value,
  currency,
  className,
}: {
  value: number | string | null | undefined;
  currency?: string;
  className?: string;
}) {
  const { i18n } = useLingui();
  const text = formatMoney(value, i18n.locale as Locale, currency);
  return <span className={`tabular-nums ${className ?? ''}`}>{text || '—'}</span>;
}
