import type { MessageKey } from './messages';

/**
 * Price enquiries and bargaining rounds: their states, the rule that opens a quote, and the
 * price arithmetic, written once for the bid service and the portal (no zod: the list, its
 * route search and the quote form's totals need these on screens that load no schemas).
 * SPEC.md section 4 names no values; these are our decisions, drawn in docs/decisions/enquiries-and-bargaining.md.
 *
 * An enquiry (business status):
 *
 *   bargaining ──close (buyer: awarded | notAwarded | cancelled)──▶ awarded / notAwarded / cancelled
 *
 * Its rounds: round 1 opens with the enquiry; the buyer may open round n+1 (a new deadline,
 * optional target prices) while the enquiry is bargaining, which closes round n. A round is
 * open until its deadline (bid service clock), until the next round opens, or until the
 * enquiry closes.
 *
 * The supplier's reply status, for the current round:
 *
 *   pending ──quote (before the deadline, for this round)──▶ replied
 *   pending ──deadline passes / enquiry closes──▶ missed
 *
 * One quote per supplier per round; a submitted quote cannot be edited (SPEC.md section 4).
 */
export const ENQUIRY_BUSINESS_STATUSES = ['bargaining', 'awarded', 'notAwarded', 'cancelled'] as const;
export type EnquiryBusinessStatus = (typeof ENQUIRY_BUSINESS_STATUSES)[number];

/** The statuses the buyer closes an enquiry with. */
export const ENQUIRY_CLOSING_STATUSES = ['awarded', 'notAwarded', 'cancelled'] as const satisfies readonly EnquiryBusinessStatus[];

export const REPLY_STATUSES = ['pending', 'replied', 'missed'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];

export const ROUND_STATUSES = ['open', 'closed'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** The reply status of a supplier for the current round. */
export function replyStatusOf(
  enquiry: { businessStatus: EnquiryBusinessStatus; deadline: string; repliedThisRound: boolean },
  now: number,
): ReplyStatus {
  if (enquiry.repliedThisRound) return 'replied';
  if (enquiry.businessStatus !== 'bargaining' || Date.parse(enquiry.deadline) <= now) return 'missed';
  return 'pending';
}

/** Whether a round stands open now. */
export function roundStatusOf(
  round: { round: number; deadline: string },
  enquiry: { businessStatus: EnquiryBusinessStatus; round: number },
  now: number,
): RoundStatus {
  return enquiry.businessStatus === 'bargaining' && round.round === enquiry.round && Date.parse(round.deadline) > now ? 'open' : 'closed';
}

/**
 * Why a quote for `round` cannot be taken now (a key of contract/messages.ts), or null when it
 * can. The bid service answers E409 with it; the portal greys out the quote form with it, and
 * the outbox stops a waiting quote with it (never applying it to another round).
 */
export function quoteBlock(
  enquiry: { businessStatus: EnquiryBusinessStatus; round: number; deadline: string; replyStatus: ReplyStatus },
  round: number,
  now: number,
): MessageKey | null {
  if (enquiry.businessStatus !== 'bargaining') return 'enquiryClosed';
  if (round !== enquiry.round) return round < enquiry.round ? 'roundChanged' : 'conflict';
  if (enquiry.replyStatus === 'replied') return 'quoteAlreadySubmitted';
  if (Date.parse(enquiry.deadline) <= now) return 'pastDeadline';
  return null;
}

/** Unit prices: two decimals (SPEC.md section 9), at most this (a price above it is a typo). */
export const PRICE_DECIMALS = 2;
export const PRICE_MAX = '9999999999.99';
/** Quantities: three decimals. */
export const QUANTITY_DECIMALS = 3;

/** An exact decimal on the wire: digits with at most `decimals` decimals, no sign, no exponent. */
const decimalPattern = (decimals: number) => new RegExp(`^\\d{1,13}(\\.\\d{1,${decimals}})?$`);
export const PRICE_RE = decimalPattern(PRICE_DECIMALS);
export const QUANTITY_RE = decimalPattern(QUANTITY_DECIMALS);

/** A decimal text as an integer count of 10^-decimals (exact: BigInt, never floating point). */
export function toUnits(text: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/** An integer count of 10^-decimals as a decimal text with exactly `decimals` decimals. */
export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

/** Integer division rounding half away from zero. */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** Why a typed price is not acceptable, or null (SPEC.md section 5: non-empty and non-zero). */
export function priceProblem(text: string | null | undefined): MessageKey | null {
  const value = (text ?? '').trim();
  if (value === '') return 'priceRequired';
  if (!PRICE_RE.test(value)) return 'priceInvalid';
  const units = toUnits(value, PRICE_DECIMALS);
  if (units === 0n) return 'priceRequired';
  if (units > toUnits(PRICE_MAX, PRICE_DECIMALS)) return 'priceInvalid';
  return null;
}

/** A line's amount: unit price × quantity, rounded half up to two decimals. */
export function lineTotal(price: string, quantity: string): string {
  const units = divRound(toUnits(price, PRICE_DECIMALS) * toUnits(quantity, QUANTITY_DECIMALS), 10n ** BigInt(QUANTITY_DECIMALS));
  return fromUnits(units, PRICE_DECIMALS);
}

/** The quote's total: the sum of its line amounts (each rounded first, as an invoice adds them). */
export function quoteTotal(lines: readonly { price: string; quantity: string }[]): string {
  let sum = 0n;
  for (const line of lines) sum += toUnits(lineTotal(line.price, line.quantity), PRICE_DECIMALS);
  return fromUnits(sum, PRICE_DECIMALS);
}

/**
 * The change of a reply price against the supplier's latest quotation, in percent with two
 * decimals: "-5.00" is five percent cheaper. Null without a latest quotation (round 1).
 */
export function discountPercent(price: string, latest: string | null): string | null {
  if (latest === null || priceProblem(latest) || priceProblem(price)) return null;
  const now = toUnits(price, PRICE_DECIMALS);
  const before = toUnits(latest, PRICE_DECIMALS);
  return fromUnits(divRound((now - before) * 10_000n, before), 2);
}
