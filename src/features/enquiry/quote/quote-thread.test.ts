import { message } from '@/locales/wire';
import { quoteBlock } from '@contract/schemas/enquiry';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/offline/db';
import { detail, inDays, line, SERVER_NOW } from '../test/fixtures';
import { copyQuoteInto, queuedQuote, quoteEntryState, quoteThread } from './quote-thread';
import { initialQuoteValues } from './quote-values';

const payload = (round: number) => ({
  enquiryId: 'e1',
  round,
  currency: 'USD',
  taxIncluded: false,
  deliveryDate: '2030-07-01',
  remark: '含运费',
  lines: [
    { lineId: 'l1', price: '10.00' },
    { lineId: 'l2', price: '20.00' },
    { lineId: 'gone', price: '30.00' },
  ],
  letter: [],
});

const entry = (status: OutboxEntry['status'], round: number, lastError: OutboxEntry['lastError'] = null) => ({
  status,
  payload: payload(round),
  lastError,
});

describe('the round-changed rule', () => {
  it('the bid service refuses a quote for an older round (roundChanged), never applies it to the current one', () => {
    const enquiry = { businessStatus: 'bargaining', round: 2, deadline: inDays(1), replyStatus: 'pending' } as const;
    expect(quoteBlock(enquiry, 1, SERVER_NOW)).toBe('roundChanged');
    expect(quoteBlock(enquiry, 2, SERVER_NOW)).toBeNull();
    expect(quoteBlock(enquiry, 3, SERVER_NOW)).toBe('conflict');
    expect(quoteBlock({ ...enquiry, businessStatus: 'cancelled' }, 1, SERVER_NOW)).toBe('enquiryClosed');
    expect(quoteBlock({ ...enquiry, replyStatus: 'replied' }, 2, SERVER_NOW)).toBe('quoteAlreadySubmitted');
    expect(quoteBlock({ ...enquiry, deadline: inDays(-1) }, 2, SERVER_NOW)).toBe('pastDeadline');
  });

  it('a refused quote of an older round is "round changed"; one of the current round only by the server’s reason', () => {
    const round2 = { round: 2 };
    const refused = { code: 'E409', message: message('roundChanged', 'en'), reason: 'roundChanged' };
    expect(quoteEntryState(entry('failed', 1, { code: 'E409', message: '?' }), round2)).toBe('roundChanged');
    // The enquiry on screen may be older than the bid service's answer: its reason says it.
    expect(quoteEntryState(entry('failed', 2, refused), round2)).toBe('roundChanged');
    // The text alone, in whatever language, is never read.
    expect(quoteEntryState(entry('failed', 2, { code: 'E409', message: message('roundChanged', 'zh-CN') }), round2)).toBe('stopped');
    expect(quoteEntryState(entry('failed', 2, { code: 'E409', message: message('pastDeadline', 'zh-CN') }), round2)).toBe('stopped');
    expect(quoteEntryState(entry('queued', 1), round2)).toBe('waiting');
    expect(quoteEntryState(entry('sending', 2), round2)).toBe('waiting');
    expect(quoteEntryState(entry('paused', 2), round2)).toBe('paused');
  });

  it('copies a refused quote’s prices into the new round’s form by line id; lines the enquiry no longer has are left out', () => {
    const enquiry = detail({ round: 2, lines: [line(1, { latestQuotation: '11.00' }), line(2), line(3)] });
    const form = initialQuoteValues(enquiry);
    const { values, copied } = copyQuoteInto(form, queuedQuote({ payload: payload(1) }), enquiry.lines);
    expect(copied).toBe(2);
    expect(values).toEqual({
      currency: 'USD',
      taxIncluded: false,
      deliveryDate: form.deliveryDate,
      remark: '含运费',
      prices: { l1: '10.00', l2: '20.00', l3: '' },
    });
  });

  it('one thread per round: a refused quote kept on the device never holds back the next round', () => {
    expect(quoteThread('e1', 1)).not.toBe(quoteThread('e1', 2));
  });

  it('reads a stored body defensively', () => {
    expect(queuedQuote({ payload: { round: '2', lines: [{ lineId: 1 }, null, { lineId: 'a', price: '1.00' }] } })).toEqual({
      enquiryId: '',
      round: 0,
      currency: '',
      taxIncluded: false,
      deliveryDate: '',
      remark: '',
      lines: [{ lineId: 'a', price: '1.00' }],
    });
  });
});
