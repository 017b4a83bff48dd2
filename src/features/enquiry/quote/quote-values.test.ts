import { describe, expect, it } from 'vitest';
import { detail, line, quote } from '../test/fixtures';
import {
  createQuoteTally,
  initialQuoteValues,
  lineAmount,
  linesWithoutPrice,
  normalizePrice,
  quoteDraftKey,
  quotePayload,
  runningTotal,
} from './quote-values';

describe('price arithmetic of the form', () => {
  it('normalises a typed price as NumericInput does: cut and padded to two decimals, clamped, trimmed', () => {
    expect(normalizePrice('12')).toBe('12.00');
    expect(normalizePrice('12.345')).toBe('12.34');
    expect(normalizePrice('0012.5')).toBe('12.50');
    expect(normalizePrice('.5')).toBe('0.50');
    expect(normalizePrice('99999999999')).toBe('9999999999.99');
    expect(normalizePrice('')).toBe('');
  });

  it('a line amount is price × quantity rounded half up to cents, null while the price is not one', () => {
    expect(lineAmount('12.5', '12000.000')).toBe('150000.00');
    expect(lineAmount('0.33', '0.005')).toBe('0.00');
    expect(lineAmount('0.33', '1.515')).toBe('0.50');
    expect(lineAmount('1.01', '3.333')).toBe('3.37');
    expect(lineAmount('', '10.000')).toBeNull();
    expect(lineAmount('0', '10.000')).toBeNull();
    expect(lineAmount('0.00', '10.000')).toBeNull();
  });

  it('the running total adds the rounded line amounts exactly, beyond what a float holds', () => {
    const lines = [line(1, { quantity: '1.515' }), line(2, { quantity: '1.515' }), line(3, { quantity: '9999999999999.999' })];
    expect(runningTotal(lines.slice(0, 2), { l1: '0.33', l2: '0.33' })).toEqual({ total: '1.00', priced: 2 });
    expect(runningTotal(lines, { l1: '0.1', l2: '', l3: '9999999999.99' })).toEqual({ total: '99999999999899990000000.15', priced: 2 });
    expect(runningTotal(lines, {})).toEqual({ total: '0.00', priced: 0 });
  });

  it('the tally kept between keystrokes gives the running total, the subset and the lines missing a price, whatever came before', () => {
    const lines = [line(1, { quantity: '1.515' }), line(2, { quantity: '2.000' }), line(3, { quantity: '9999999999999.999' }), line(4)];
    const compared = (l: { id: string }) => l.id === 'l2' || l.id === 'l3';
    const tally = createQuoteTally(lines, compared);
    const steps: Record<string, string>[] = [
      {},
      { l1: '0.33' },
      { l1: '0.33', l2: '1' },
      { l1: '0.33', l2: '1.', l3: '0' },
      { l1: '0.33', l2: '1.5', l3: '9999999999.99', l4: '7' },
      { l1: '', l2: '1.5', l3: '9999999999.99', l4: '7' },
      { l1: '0.33', l2: '1.5', l3: '0.00', l4: 'x' },
      {},
    ];
    for (const prices of steps) {
      const sums = tally.update(prices);
      expect({ total: sums.total, priced: sums.priced }).toEqual(runningTotal(lines, prices));
      expect({ total: sums.subsetTotal, priced: sums.subsetPriced }).toEqual(runningTotal(lines.filter(compared), prices));
      expect(sums.missing()).toEqual(linesWithoutPrice(lines, prices));
    }
  });

  it('lines without a usable price: empty, zero or nothing typed', () => {
    const lines = [line(1), line(2), line(3), line(4)];
    expect(linesWithoutPrice(lines, { l1: '5', l2: '0', l3: '0.00' })).toEqual(['l2', 'l3', 'l4']);
  });
});

describe('the form of a round', () => {
  it('round 1 starts with no currency (it comes first), the enquiry’s tax and delivery date, and no prices', () => {
    const enquiry = detail({ lines: [line(1), line(2)], priceIncludesTax: false });
    expect(initialQuoteValues(enquiry)).toEqual({
      currency: '',
      taxIncluded: false,
      deliveryDate: '2030-07-15',
      remark: '',
      prices: { l1: '', l2: '' },
    });
  });

  it('a new round starts from the latest quotation of each line, and the currency and tax of the latest quote', () => {
    const enquiry = detail({
      round: 2,
      lines: [line(1, { latestQuotation: '12.5' }), line(2, { latestQuotation: null })],
      quotes: [quote(1, { l1: '12.5' }, { currency: 'USD', taxIncluded: false })],
    });
    expect(initialQuoteValues(enquiry)).toMatchObject({ currency: 'USD', taxIncluded: false, prices: { l1: '12.50', l2: '' } });
  });

  it('sends every line once, normalised, with the round on screen, and a draft per round', () => {
    const enquiry = detail({ id: 'e9', round: 3, lines: [line(1), line(2)] });
    expect(
      quotePayload(enquiry, {
        currency: 'CNY',
        taxIncluded: true,
        deliveryDate: '2030-07-01',
        remark: '  急 ',
        prices: { l1: '5', l2: '6.7' },
      }),
    ).toEqual({
      enquiryId: 'e9',
      round: 3,
      currency: 'CNY',
      taxIncluded: true,
      deliveryDate: '2030-07-01',
      remark: '急',
      lines: [
        { lineId: 'l1', price: '5.00' },
        { lineId: 'l2', price: '6.70' },
      ],
      letter: [],
    });
    expect(quoteDraftKey('e9', 3)).not.toBe(quoteDraftKey('e9', 2));
  });
});
