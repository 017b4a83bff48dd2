import type { Locale } from '@contract/locales';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPercent } from '../enquiry-format';

/**
 * A price change in percent: cheaper is green with a down arrow, dearer amber with an up arrow,
 * and the words for a screen reader (never colour alone); a dash when there is nothing to compare.
 */
export function PriceChange({ change }: { change: string | null }) {
  const { i18n } = useLingui();
  if (change === null) return <span className="text-slate-500">—</span>;
  const value = Number(change);
  const text = formatPercent(change, i18n.locale as Locale);
  if (value === 0) {
    return (
      <span className="tabular-nums whitespace-nowrap text-slate-600">
        <span aria-hidden="true">{text}</span>
        <span className="sr-only">
          <Trans>持平</Trans>
        </span>
      </span>
    );
  }
  const down = value < 0;
  const size = formatPercent(change, i18n.locale as Locale, false);
  return (
    <span className={`tabular-nums whitespace-nowrap ${down ? 'text-brand-700' : 'text-amber-700'}`}>
      <span aria-hidden="true">
        {down ? '↓' : '↑'} {text}
      </span>
      <span className="sr-only">{down ? <Trans>降低 {size}</Trans> : <Trans>上涨 {size}</Trans>}</span>
    </span>
  );
}
