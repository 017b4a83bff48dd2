import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  fromUnits,
  lineTotal,
  priceProblem,
  quoteBlock,
  quoteTotal,
  replyStatusOf,
  roundStatusOf,
  toUnits,
} from './enquiry-values';
import { isMessageKey } from './messages';

const NOW = Date.parse('2026-11-23T08:00:00Z');
const LATER = '2026-11-24T08:00:00Z';
const EARLIER = '2026-11-22T08:00:00Z';

describe('exact decimal arithmetic', () => {
  it('reads and writes decimal texts without floating point', () => {
    expect(toUnits('0.1', 2) + toUnits('0.2', 2)).toBe(30n);
    expect(fromUnits(30n, 2)).toBe('0.30');
    expect(fromUnits(-5n, 2)).toBe('-0.05');
    expect(toUnits('9999999999.99', 2)).toBe(999999999999n);
  });

  it('rounds a line amount half up to two decimals and adds the rounded amounts', () => {
    expect(lineTotal('96.46', '300')).toBe('28938.00');
    expect(lineTotal('0.01', '0.5')).toBe('0.01'); // 0.005 rounds up
    expect(lineTotal('0.01', '0.499')).toBe('0.00');
    expect(lineTotal('3120', '80.5')).toBe('251160.00');
    // A float would give 742157.9999...: the total is exact.
    expect(
      quoteTotal([
        { price: '3850.50', quantity: '120' },
        { price: '3120.00', quantity: '80.5' },
        { price: '96.46', quantity: '300' },
      ]),
    ).toBe('742158.00');
    // Amounts beyond 2^53 minor units stay exact.
    expect(lineTotal('9999999999.99', '9999999.999')).toBe('99999999989900000.00'); // 99,999,999,989,900,000.00001
  });

  it('refuses empty, zero, negative, over-precise, huge and non-numeric prices with their messages', () => {
    expect(priceProblem('')).toBe('priceRequired');
    expect(priceProblem(undefined)).toBe('priceRequired');
    expect(priceProblem('0')).toBe('priceRequired');
    expect(priceProblem('0.00')).toBe('priceRequired');
    expect(priceProblem('-1')).toBe('priceInvalid');
    expect(priceProblem('1.234')).toBe('priceInvalid');
    expect(priceProblem('1e3')).toBe('priceInvalid');
    expect(priceProblem('10000000000')).toBe('priceInvalid');
    expect(priceProblem('1'.repeat(1_000_000))).toBe('priceInvalid');
    expect(priceProblem('12.5')).toBeNull();
    expect(priceProblem('9999999999.99')).toBeNull();
  });

  it('gives the change against the latest quotation in percent, none in round 1', () => {
    expect(discountPercent('95', '100')).toBe('-5.00');
    expect(discountPercent('102.5', '100')).toBe('2.50');
    expect(discountPercent('1', '3')).toBe('-66.67');
    expect(discountPercent('100', null)).toBeNull();
    expect(discountPercent('', '100')).toBeNull();
  });
});

describe('states', () => {
  const open = { businessStatus: 'bargaining' as const, round: 2, deadline: LATER, replyStatus: 'pending' as const };

  it('takes a quote only for the current, open, unanswered round of a bargaining enquiry', () => {
    expect(quoteBlock(open, 2, NOW)).toBeNull();
    expect(quoteBlock(open, 1, NOW)).toBe('roundChanged');
    expect(quoteBlock({ ...open, replyStatus: 'replied' }, 2, NOW)).toBe('quoteAlreadySubmitted');
    expect(quoteBlock({ ...open, deadline: EARLIER }, 2, NOW)).toBe('pastDeadline');
    expect(quoteBlock({ ...open, businessStatus: 'awarded' }, 2, NOW)).toBe('enquiryClosed');
    // A closed enquiry says so before anything about rounds.
    expect(quoteBlock({ ...open, businessStatus: 'cancelled' }, 1, NOW)).toBe('enquiryClosed');
    for (const key of ['roundChanged', 'quoteAlreadySubmitted', 'pastDeadline', 'enquiryClosed']) expect(isMessageKey(key)).toBe(true);
  });

  it('derives the reply status and whether a round stands open from the server clock', () => {
    expect(replyStatusOf({ businessStatus: 'bargaining', deadline: LATER, repliedThisRound: false }, NOW)).toBe('pending');
    expect(replyStatusOf({ businessStatus: 'bargaining', deadline: EARLIER, repliedThisRound: false }, NOW)).toBe('missed');
    expect(replyStatusOf({ businessStatus: 'notAwarded', deadline: LATER, repliedThisRound: false }, NOW)).toBe('missed');
    expect(replyStatusOf({ businessStatus: 'awarded', deadline: EARLIER, repliedThisRound: true }, NOW)).toBe('replied');
    expect(roundStatusOf({ round: 2, deadline: LATER }, { businessStatus: 'bargaining', round: 2 }, NOW)).toBe('open');
    expect(roundStatusOf({ round: 1, deadline: LATER }, { businessStatus: 'bargaining', round: 2 }, NOW)).toBe('closed');
    expect(roundStatusOf({ round: 2, deadline: LATER }, { businessStatus: 'cancelled', round: 2 }, NOW)).toBe('closed');
  });
});
