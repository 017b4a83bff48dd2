import type { Locale } from '@contract/locales';
import { message } from '@/locales/wire';
import { choiceProblem } from '@contract/rules';
import { enquiryQuoteRequest, type EnquiryDetail } from '@contract/schemas/enquiry';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { dictionaryQueryOptions } from '@/api/dictionary';
import { fieldErrors } from '@/api/validation';
import { setUnsaved } from '@/offline/unsaved';
import type { DraftState } from '@/offline/use-draft';
import { useConnectivity } from '@/offline/use-outbox';
import { confirmDialog } from '@/ui/confirm';
import { FormAlert } from '@/ui/field';
import { formatMoney } from '@/ui/format';
import { announceSubmissionQueued, queueFailureText } from '@/ui/announce-queued';
import { LetterField } from '../letter/letter-field';
import { quoteSources } from '../quote-rounds';
import { useLetterReading } from '../letter/use-letter-reading';
import { queueQuote } from '../quote/queue-quote';
import { useTerm, type QuoteStore } from '../quote/quote-store';
import { linesWithoutPrice, quotePayload, runningTotal, type QuoteValues } from '../quote/quote-values';
import { QuoteDraft } from './quote-draft';
import { CURRENCY_FIRST_ID, QuoteLineList, QuoteLinesHeader } from './quote-lines';
import { CurrencyField, DeliveryDateField, RemarkField, TaxField, termId } from './quote-terms';
import { MISSING_SUMMARY_ID, QuoteTotals } from './quote-totals';

const LETTER_ID = 'quote-letter';
const TERMS = ['currency', 'taxIncluded', 'deliveryDate', 'remark'] as const;

interface QuoteFormBodyProps {
  enquiry: EnquiryDetail;
  supplierId: string;
  store: QuoteStore;
  initial: QuoteValues;
  /** The refused quote (of an earlier round) whose prices were copied in: this quote takes its place in the outbox. */
  replaces?: string | undefined;
}

/**
 * The form of the current round: terms, the inquiry letter, one price per line, totals and
 * submit. It reads the currency only (for "currency first"); each line and the totals read
 * the prices themselves, so typing a price never re-renders this component.
 */
export const QuoteFormBody = memo(function QuoteFormBody({ enquiry, supplierId, store, initial, replaces }: QuoteFormBodyProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const { online } = useConnectivity();
  const currency = useTerm(store, 'currency');
  // In line order, as the project list shows them.
  const lines = useMemo(() => [...enquiry.lines].sort((a, b) => a.lineNo - b.lineNo), [enquiry.lines]);
  const [attempted, setAttempted] = useState(false);
  const [termErrors, setTermErrors] = useState<Partial<Record<(typeof TERMS)[number], string>>>({});
  const [letter, setLetter] = useState<File[]>([]);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  const draft = useRef<DraftState | null>(null);
  const reading = useLetterReading(letter[0] ?? null, enquiry, (prices) => store.setPrices(prices));
  // The currencies as loaded (the same cached answer the currency field lists; undefined offline).
  const currencies = useQuery(dictionaryQueryOptions('currency', locale)).data;

  /**
   * The contract's checks of the quote, plus what only the loaded dictionary knows: a currency
   * it does not list (offered from the enquiry, a past quote or the draft), which the bid service
   * refuses with choiceInvalid.
   */
  const problems = useCallback(
    (values: QuoteValues, forLines: EnquiryDetail['lines']) => {
      const all = fieldErrors(enquiryQuoteRequest, quotePayload({ ...enquiry, lines: forLines }, values), locale);
      const unknown = all.currency ? null : choiceProblem(currencies, values.currency);
      if (unknown) all.currency = message(unknown, locale);
      return all;
    },
    [enquiry, locale, currencies],
  );

  // The letter is a file, not in the draft: while one is chosen the page holds unsaved work.
  const unsavedKey = `enquiry-quote-letter:${enquiry.id}:${enquiry.round}`;
  useEffect(() => {
    setUnsaved(unsavedKey, letter.length > 0);
    return () => setUnsaved(unsavedKey, false);
  }, [unsavedKey, letter.length]);
  useEffect(() => {
    if (!focusTarget) return;
    const el = document.getElementById(focusTarget.id);
    el?.focus({ preventScroll: true });
    el?.scrollIntoView?.({ block: 'center' });
  }, [focusTarget]);

  // Term errors follow the values once shown (a chosen currency clears its message).
  useEffect(
    () =>
      store.subscribe(() => {
        setTermErrors((current) => {
          if (Object.keys(current).length === 0) return current;
          // The terms alone: no need to check 500 prices per keystroke for them.
          const all = problems(store.get(), []);
          const kept: typeof current = {};
          for (const key of TERMS) if (current[key] && all[key]) kept[key] = all[key];
          return Object.keys(kept).length === Object.keys(current).length && TERMS.every((key) => kept[key] === current[key])
            ? current
            : kept;
        });
      }),
    [store, problems],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure('');
    setBusy(true);
    try {
      // A letter still being read fills its prices first: what is checked is what is confirmed.
      await reading.settled();
      setAttempted(true);
      const values = store.get();
      const all = problems(values, enquiry.lines);
      const terms: typeof termErrors = {};
      for (const key of TERMS) if (all[key]) terms[key] = all[key];
      setTermErrors(terms);
      const firstTerm = TERMS.find((key) => terms[key]);
      if (firstTerm) {
        setFocusTarget({ id: termId(firstTerm) });
        return;
      }
      const missing = linesWithoutPrice(lines, values.prices);
      if (missing.length > 0) {
        setFocusTarget({ id: MISSING_SUMMARY_ID });
        return;
      }
      // What belongs to no field (the enquiry id or round the bid service would refuse).
      const other = Object.entries(all).find(([key]) => !key.startsWith('lines.'))?.[1];
      if (other) {
        setFailure(other);
        return;
      }
      const count = i18n.number(enquiry.lines.length);
      const total = formatMoney(runningTotal(enquiry.lines, values.prices).total, locale, values.currency);
      const sure = await confirmDialog({
        title: t`提交报价`,
        message: (
          <>
            {t`共 ${count} 行物料，合计 ${total}。`}
            <br />
            {t`提交后不能修改，确定提交吗？`}
          </>
        ),
        confirmLabel: t`提交`,
      });
      if (!sure) return;
      await queueQuote({ supplierId, enquiry, values: store.get(), letter: letter[0] ?? null, ...(replaces ? { replaces } : {}) });
    } catch (error) {
      setFailure(queueFailureText(error));
      return;
    } finally {
      setBusy(false);
    }
    await draft.current?.clear();
    setLetter([]);
    announceSubmissionQueued(online);
  };

  const currencyChosen = currency !== '';
  const lineCount = i18n.number(lines.length);
  // The latest quotations are in the currency of the supplier's previous quote.
  const previousCurrency = quoteSources(enquiry).previous?.currency ?? null;
  const comparable = previousCurrency === null || previousCurrency === currency;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-6" aria-labelledby="quote-heading">
      <FormAlert message={failure} />
      <div className="grid gap-4 sm:grid-cols-2">
        <CurrencyField store={store} errors={termErrors} disabled={busy} enquiry={enquiry} />
        <TaxField store={store} disabled={busy} />
        <DeliveryDateField store={store} errors={termErrors} disabled={busy} />
        <RemarkField store={store} errors={termErrors} disabled={busy} />
      </div>

      <LetterField id={LETTER_ID} value={letter} onChange={setLetter} state={reading.state} round={enquiry.round} disabled={busy} />

      <section aria-labelledby="quote-lines-heading" className="space-y-2">
        <h3 id="quote-lines-heading" className="text-base font-medium text-slate-900">
          <Trans>报价明细（{lineCount} 行）</Trans>
        </h3>
        {currencyChosen ? null : (
          <p id={CURRENCY_FIRST_ID} className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {message('currencyFirst', locale)}
          </p>
        )}
        <div className="rounded-lg border border-slate-200">
          <QuoteLinesHeader />
          <QuoteLineList
            lines={lines}
            label={t`物料行`}
            store={store}
            showErrors={attempted}
            currencyChosen={currencyChosen}
            comparable={comparable}
            locale={locale}
          />
        </div>
      </section>

      <div className="sticky bottom-0 z-10 space-y-3 border-t border-slate-200 bg-white/95 py-3 backdrop-blur">
        <QuoteTotals lines={lines} store={store} showErrors={attempted} previousCurrency={previousCurrency} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <QuoteDraft store={store} supplierId={supplierId} enquiryId={enquiry.id} round={enquiry.round} initial={initial} handle={draft} />
          <div className="flex flex-col gap-2 sm:ml-auto sm:flex-row sm:items-center">
            {online ? null : (
              <p className="text-sm text-slate-600">
                <Trans>当前离线：报价会先保存在本设备，联网后自动提交（截止时间前须送达）。</Trans>
              </p>
            )}
            <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy} aria-busy={busy}>
              <Trans>提交报价</Trans>
            </button>
          </div>
        </div>
      </div>
    </form>
  );
});
