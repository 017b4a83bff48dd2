import {
  lineTotal,
  PRICE_DECIMALS,
  PRICE_MAX,
  priceProblem,
  type EnquiryDetail,
  type EnquiryLine,
  type EnquiryQuoteRequest,
} from '@contract/schemas/enquiry';
import { normalizeNumeric } from '@/ui/numeric-input';

/**
 * What the quote form holds, kept as a draft on the device (text only: the inquiry letter is a
 * file and is chosen again after a reload). Prices are the texts the supplier typed, by line id.
 */
export interface QuoteTerms {
  currency: string;
  taxIncluded: boolean;
  /** YYYY-MM-DD */
  deliveryDate: string;
  remark: string;
}
export interface QuoteValues extends QuoteTerms {
  prices: Record<string, string>;
}

/** The NumericInput rule of a unit price (SPEC.md section 5). */
export const PRICE_INPUT = { precision: PRICE_DECIMALS, min: 0, max: Number(PRICE_MAX) } as const;

/** A price as it is sent: the NumericInput rule applied (cut and padded to two decimals, clamped, trimmed). */
export const normalizePrice = (text: string) => normalizeNumeric(text, PRICE_INPUT);

/** The draft of one round: a new round starts from its own values, never from another round's draft. */
export const quoteDraftKey = (enquiryId: string, round: number) => `enquiry-quote:${enquiryId}:${round}`;

type EnquiryForForm = Pick<EnquiryDetail, 'priceIncludesTax' | 'deliveryDate' | 'lines' | 'quotes'>;

/**
 * Where a round's form starts. Round 1: the currency still to be chosen (SPEC.md section 5),
 * tax as the enquiry asks, its delivery date, and no prices. A later round starts from what the
 * supplier answered last: each line's latest quotation, and the currency and tax of its latest
 * quote (it chose them already; the prices are in that currency).
 */
export function initialQuoteValues(enquiry: EnquiryForForm): QuoteValues {
  const last = enquiry.quotes.at(-1);
  const prices: Record<string, string> = {};
  for (const line of enquiry.lines) prices[line.id] = line.latestQuotation ? normalizePrice(line.latestQuotation) : '';
  return {
    currency: last?.currency ?? '',
    taxIncluded: last?.taxIncluded ?? enquiry.priceIncludesTax,
    deliveryDate: enquiry.deliveryDate,
    remark: '',
    prices,
  };
}

/** The lines whose price is missing, zero or not a price, in the enquiry's order. */
export function linesWithoutPrice(lines: readonly Pick<EnquiryLine, 'id'>[], prices: Readonly<Record<string, string>>): string[] {
  return lines.filter((line) => priceProblem(normalizePrice(prices[line.id] ?? ''))).map((line) => line.id);
}

/** A line's amount while the supplier types, or null while its price is not a price yet. */
export function lineAmount(price: string, quantity: string): string | null {
  const normalized = normalizePrice(price);
  return priceProblem(normalized) ? null : lineTotal(normalized, quantity);
}

/** Cents (BigInt) as a decimal text with two places. */
function centsText(cents: bigint): string {
  const digits = cents.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * The quote's total as it stands: the lines priced so far (each rounded first, as an invoice
 * adds them), with how many are priced. Exact decimals throughout (BigInt), never floats.
 */
export function runningTotal(
  lines: readonly Pick<EnquiryLine, 'id' | 'quantity'>[],
  prices: Readonly<Record<string, string>>,
): { total: string; priced: number } {
  const { total, priced } = createQuoteTally(lines).update(prices);
  return { total, priced };
}

export interface QuoteTallySums {
  /** All lines: their total and how many are priced (as runningTotal). */
  total: string;
  priced: number;
  /** The same over the lines `inSubset` chose (the form: those with a latest quotation). */
  subsetTotal: string;
  subsetPriced: number;
  /** The lines without a usable price (as linesWithoutPrice), as of the tally's latest update: asked only after a submit. */
  missing(): string[];
}

export interface QuoteTally {
  /** The sums for these prices; only the lines whose price text changed since the last call are worked out again. */
  update(prices: Readonly<Record<string, string>>): QuoteTallySums;
}

/**
 * The running total kept line by line, for a form that recounts on every keystroke: working out a
 * line's amount (normalise, check, multiply) is what costs, and a keystroke changes one line, so
 * `update` redoes that line alone and moves the sums by the difference. A look at each line's
 * price text is all the other 499 cost. Exact (BigInt cents), the same figures as runningTotal.
 */
export function createQuoteTally<L extends Pick<EnquiryLine, 'id' | 'quantity'>>(
  lines: readonly L[],
  inSubset: (line: L) => boolean = () => false,
): QuoteTally {
  const known = new Map<string, { price: string; cents: bigint | null }>();
  const subset = new Set(lines.filter(inSubset).map((line) => line.id));
  let cents = 0n;
  let priced = 0;
  let subsetCents = 0n;
  let subsetPriced = 0;
  const missing = () => lines.filter((line) => (known.get(line.id)?.cents ?? null) === null).map((line) => line.id);
  return {
    update(prices) {
      for (const line of lines) {
        const price = prices[line.id] ?? '';
        const before = known.get(line.id);
        if (before && before.price === price) continue;
        const amount = lineAmount(price, line.quantity);
        const now = amount === null ? null : BigInt(amount.replace('.', ''));
        const counted = subset.has(line.id);
        if (before && before.cents !== null) {
          cents -= before.cents;
          priced--;
          if (counted) {
            subsetCents -= before.cents;
            subsetPriced--;
          }
        }
        if (now !== null) {
          cents += now;
          priced++;
          if (counted) {
            subsetCents += now;
            subsetPriced++;
          }
        }
        known.set(line.id, { price, cents: now });
      }
      return { total: centsText(cents), priced, subsetTotal: centsText(subsetCents), subsetPriced, missing };
    },
  };
}

/** The body of `/enquiry/quote` for the round on screen; the letter's FileRef is added by the outbox. */
export function quotePayload(
  enquiry: Pick<EnquiryDetail, 'id' | 'round' | 'lines'>,
  values: QuoteValues,
): EnquiryQuoteRequest & { letter: [] } {
  return {
    enquiryId: enquiry.id,
    round: enquiry.round,
    currency: values.currency,
    taxIncluded: values.taxIncluded,
    deliveryDate: values.deliveryDate,
    remark: values.remark.trim(),
    lines: enquiry.lines.map((line) => ({ lineId: line.id, price: normalizePrice(values.prices[line.id] ?? '') })),
    letter: [],
  };
}
