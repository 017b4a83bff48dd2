import { BCP47, type Locale } from '@contract/locales';
import { message } from '@/locales/wire';
import { priceProblem, type EnquiryLine } from '@contract/schemas/enquiry';
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { formatMoney } from '@/ui/format';
import { NumericInput } from '@/ui/numeric-input';
import { changeOf } from '../enquiry-format';
import { usePrice, type QuoteStore } from '../quote/quote-store';
import { lineAmount, normalizePrice, PRICE_INPUT } from '../quote/quote-values';
import { PriceChange } from './price-change';

export const priceInputId = (lineId: string) => `quote-price-${lineId}`;
/** The note every price input points to until the currency is chosen. */
export const CURRENCY_FIRST_ID = 'quote-currency-first';

/** Wide screens: one row per line under a header; phones: a card per line, each value with its own label. */
const GRID = 'grid grid-cols-2 gap-x-4 gap-y-2 lg:grid-cols-[minmax(0,1fr)_7rem_7rem_10rem_9rem_6rem] lg:items-start';

const quantityFormats = new Map<Locale, Intl.NumberFormat>();
/**
 * An estimated quantity (three decimals on the wire) with separators, trailing zeros dropped;
 * exact. As formatQuantity, with the formatter kept: 500 lines would build 500 of them.
 */
function quantityText(quantity: string, locale: Locale): string {
  let format = quantityFormats.get(locale);
  if (!format) quantityFormats.set(locale, (format = new Intl.NumberFormat(BCP47[locale], { maximumFractionDigits: 3 })));
  return /^\d+(\.\d+)?$/.test(quantity) ? format.format(quantity as `${number}`) : quantity;
}

function Cell({ label, children, className }: { label: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={`text-sm ${className ?? ''}`}>
      <span className="block text-xs text-slate-500 lg:sr-only">{label}</span>
      <span className="text-slate-800 tabular-nums">{children}</span>
    </div>
  );
}

interface LineRowProps {
  line: EnquiryLine;
  /**
   * Its place in the list, from 1, and the list's length: told to screen readers (a block off screen
   * is left out of the accessibility tree).
   */
  position: number;
  count: number;
  store: QuoteStore;
  /** A submit was tried: every line shows its problem. */
  showErrors: boolean;
  currencyChosen: boolean;
  /** The chosen currency is the one of the latest quotation: only then is a change in percent meaningful. */
  comparable: boolean;
  locale: Locale;
}

/**
 * One material line with its price input, amount and change against the latest quotation.
 * Memoised and subscribed to its own price only: typing in it re-renders it alone (and the
 * totals), never the other 499. Off screen, it is neither laid out nor painted (content-visibility).
 */
export const QuoteLineRow = memo(function QuoteLineRow({
  line,
  position,
  count,
  store,
  showErrors,
  currencyChosen,
  comparable,
  locale,
}: LineRowProps) {
  const { t } = useLingui();
  const price = usePrice(store, line.id);
  const [touched, setTouched] = useState(false);
  const id = priceInputId(line.id);
  const normalized = normalizePrice(price);
  const problem = showErrors || touched ? priceProblem(normalized) : null;
  const amount = lineAmount(price, line.quantity);
  const change = amount === null ? null : changeOf(normalized, line.latestQuotation, comparable);
  const { expectedPrice, targetPrice } = line;
  const details = [line.specification, line.brand, line.packageSpecification].filter(Boolean).join(' · ');
  const describedBy = [problem ? `${id}-error` : '', currencyChosen ? '' : CURRENCY_FIRST_ID].filter(Boolean).join(' ');

  return (
    <div
      role="listitem"
      aria-posinset={position}
      aria-setsize={count}
      className={`${GRID} px-3 py-3 [contain-intrinsic-size:auto_6rem] [content-visibility:auto]`}
      data-line={line.materialNo}
    >
      <div className="col-span-2 min-w-0 lg:col-span-1">
        <p className="text-sm font-medium break-words text-slate-900">
          <span className="mr-1 text-xs text-slate-500 tabular-nums">{line.lineNo}.</span>
          <span className="font-mono">{line.materialNo}</span> {line.name}
        </p>
        {details ? <p className="text-xs break-words text-slate-500">{details}</p> : null}
        {expectedPrice || targetPrice ? (
          <p className="text-xs text-slate-600 tabular-nums">
            {expectedPrice ? (
              <span className="mr-3">
                <Trans>期望价格 {expectedPrice}</Trans>
              </span>
            ) : null}
            {targetPrice ? (
              <span className="font-medium text-brand-800">
                <Trans>目标价格 {targetPrice}</Trans>
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
      <Cell label={t`预估数量`}>
        {quantityText(line.quantity, locale)} {line.unit}
      </Cell>
      <Cell label={t`最新报价`}>{line.latestQuotation ?? '—'}</Cell>
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor={id} className="label lg:sr-only">
          <Trans>回复价格</Trans>
          <span className="sr-only">
            {' '}
            {line.materialNo} {line.name}
          </span>
        </label>
        {/* A layout boundary (size and layout contained, a fixed height): a typed character lays out this input, not the page. */}
        <NumericInput
          id={id}
          {...PRICE_INPUT}
          value={price}
          onChange={(value) => store.setPrice(line.id, value)}
          onBlur={() => setTouched(true)}
          readOnly={!currencyChosen}
          placeholder={currencyChosen ? undefined : message('currencyFirst', locale)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="h-10 [contain:strict]"
        />
        {problem ? (
          <p id={`${id}-error`} className="field-error">
            {message(problem, locale)}
          </p>
        ) : null}
      </div>
      <Cell label={t`金额`}>{amount === null ? '—' : formatMoney(amount, locale)}</Cell>
      <Cell label={t`较最新报价`}>
        <PriceChange change={change} />
      </Cell>
    </div>
  );
});

/** Lines per block of the list: about the square root of 500, so a keystroke's layout passes ~20 blocks and ~25 rows. */
export const LINES_PER_BLOCK = 25;

type LineListProps = Omit<LineRowProps, 'line' | 'position' | 'count'> & { lines: readonly EnquiryLine[]; label: string };

/**
 * The lines as one list, every line in the page (the browser finds them, Tab goes through them),
 * held in blocks of 25 that the browser skips whole while off screen (content-visibility).
 * Held as 500 rows side by side, a keystroke in one row had the browser place all 500 again in
 * each layout and check each for visibility in each frame, though all but a few were skipped: on
 * a phone's CPU, much of a keystroke's time. As blocks, a layout passes ~20 blocks and the 25 rows
 * of one. The list keeps its semantics through role list and listitem (a native ol could hold
 * only li, not the blocks; a block is a plain div, which the accessibility tree passes through);
 * each line says its place and the list's length, as Chromium leaves a skipped block's lines out
 * of the accessibility tree (as it left out a skipped row's label and input before).
 */
export function QuoteLineList({ lines, label, ...row }: LineListProps) {
  const blocks = useMemo(() => {
    const out: EnquiryLine[][] = [];
    for (let i = 0; i < lines.length; i += LINES_PER_BLOCK) out.push(lines.slice(i, i + LINES_PER_BLOCK));
    return out;
  }, [lines]);
  const count = lines.length;
  return (
    <div role="list" aria-label={label} className="divide-y divide-slate-100">
      {blocks.map((block, b) => (
        <div
          key={block[0]!.id}
          className="divide-y divide-slate-100 [contain-intrinsic-size:auto_150rem] [content-visibility:auto]"
          data-line-block=""
        >
          {block.map((line, i) => (
            <QuoteLineRow key={line.id} line={line} position={b * LINES_PER_BLOCK + i + 1} count={count} {...row} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** The column titles of the wide layout (each cell also carries its own label for screen readers and phones). */
export function QuoteLinesHeader() {
  return (
    <div
      aria-hidden="true"
      className={`${GRID} hidden border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-medium text-slate-600 lg:grid`}
    >
      <span>
        <Trans>物料</Trans>
      </span>
      <span>
        <Trans>预估数量</Trans>
      </span>
      <span>
        <Trans>最新报价</Trans>
      </span>
      <span>
        <Trans>回复价格</Trans>
      </span>
      <span>
        <Trans>金额</Trans>
      </span>
      <span>
        <Trans>较最新报价</Trans>
      </span>
    </div>
  );
}
