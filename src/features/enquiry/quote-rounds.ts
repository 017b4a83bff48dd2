import type { EnquiryDetail, EnquiryQuote } from '@contract/schemas/enquiry';

/**
 * Which quotes the project list's prices come from: the reply price is this round's quote, the
 * latest quotation the supplier's last quote of an earlier round (contract enquiryLine). Their
 * currencies say what the prices are in, and whether a discount between them means anything.
 */
export function quoteSources(enquiry: Pick<EnquiryDetail, 'round' | 'quotes'>): {
  current: EnquiryQuote | null;
  previous: EnquiryQuote | null;
} {
  let current: EnquiryQuote | null = null;
  let previous: EnquiryQuote | null = null;
  for (const quote of enquiry.quotes) {
    if (quote.round === enquiry.round) current = quote;
    else if (quote.round < enquiry.round && (!previous || quote.round > previous.round)) previous = quote;
  }
  return { current, previous };
}

/** Each quote with the one before it (the supplier may have skipped a round), newest first. */
export function quoteTimeline(quotes: readonly EnquiryQuote[]): { quote: EnquiryQuote; before: EnquiryQuote | null }[] {
  const sorted = [...quotes].sort((a, b) => a.round - b.round);
  return sorted.map((quote, i) => ({ quote, before: sorted[i - 1] ?? null })).reverse();
}
