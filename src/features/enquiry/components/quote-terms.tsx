import type { Locale } from '@contract/locales';
import { choiceProblem } from '@contract/rules';
import type { EnquiryDetail } from '@contract/schemas/enquiry';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { dictionaryQueryOptions } from '@/api/dictionary';
import { message } from '@/locales/wire';
import { Field, fieldProps } from '@/ui/field';
import { useTerm, type QuoteStore } from '../quote/quote-store';

export const termId = (name: string) => `quote-${name}`;

type TermErrors = Partial<Record<'currency' | 'taxIncluded' | 'deliveryDate' | 'remark', string>>;

interface TermProps {
  store: QuoteStore;
  errors: TermErrors;
  disabled?: boolean;
}

/**
 * The currency comes first (SPEC.md section 5): a native select over the `currency` dictionary.
 * Offline the dictionary may never have been loaded: the enquiry's currency (and the one chosen
 * before) stand in as codes, so a quote can still be prepared. Once the dictionary is loaded, a
 * code it does not list (the bid service refuses it: choiceInvalid) says so at once.
 */
export function CurrencyField({ store, errors, disabled, enquiry }: TermProps & { enquiry: Pick<EnquiryDetail, 'currency' | 'quotes'> }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const value = useTerm(store, 'currency');
  const dictionary = useQuery(dictionaryQueryOptions('currency', locale));
  const options = [...(dictionary.data ?? [])];
  for (const code of [enquiry.currency, ...enquiry.quotes.map((quote) => quote.currency), value]) {
    if (code && !options.some((option) => option.code === code)) options.push({ code, label: code });
  }
  const unknown = choiceProblem(dictionary.data, value);
  const error = errors.currency || (unknown ? message(unknown, locale) : undefined);
  const asked = enquiry.currency;
  const id = termId('currency');
  return (
    <Field id={id} label={t`币种`} required error={error} hint={asked ? t`询价币种：${asked}` : undefined}>
      <select
        {...fieldProps(id, error, Boolean(asked))}
        className="input"
        value={value}
        disabled={disabled}
        onChange={(e) => store.setTerm('currency', e.target.value)}
      >
        <option value="">{t`请选择`}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function TaxField({ store, disabled }: Omit<TermProps, 'errors'>) {
  const value = useTerm(store, 'taxIncluded');
  const id = termId('taxIncluded');
  return (
    <div className="flex min-h-10 items-center gap-2 sm:mt-6">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-brand-700"
        checked={value}
        disabled={disabled}
        onChange={(e) => store.setTerm('taxIncluded', e.target.checked)}
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        <Trans>报价含税</Trans>
      </label>
    </div>
  );
}

export function DeliveryDateField({ store, errors, disabled }: TermProps) {
  const { t } = useLingui();
  const value = useTerm(store, 'deliveryDate');
  const id = termId('deliveryDate');
  return (
    <Field id={id} label={t`交货日期`} required error={errors.deliveryDate}>
      <input
        {...fieldProps(id, errors.deliveryDate)}
        type="date"
        className="input"
        value={value}
        disabled={disabled}
        onChange={(e) => store.setTerm('deliveryDate', e.target.value)}
      />
    </Field>
  );
}

const REMARK_MAX = 500;

export function RemarkField({ store, errors, disabled }: TermProps) {
  const { t } = useLingui();
  const value = useTerm(store, 'remark');
  const id = termId('remark');
  const length = value.length;
  return (
    <Field id={id} label={t`备注`} error={errors.remark} hint={t`${length} / ${REMARK_MAX} 字`} className="sm:col-span-2">
      <textarea
        {...fieldProps(id, errors.remark, true)}
        className="input min-h-20"
        maxLength={REMARK_MAX}
        value={value}
        disabled={disabled}
        onChange={(e) => store.setTerm('remark', e.target.value)}
      />
    </Field>
  );
}
