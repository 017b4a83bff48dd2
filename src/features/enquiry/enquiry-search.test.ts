import { describe, expect, it } from 'vitest';
import { compactEnquirySearch, enquiryListRequest, resolveEnquirySearch, validateEnquirySearch } from './enquiry-search';

describe('inquiry list search', () => {
  it('keeps valid values and drops defaults and garbage', () => {
    expect(validateEnquirySearch({ q: ' 纸箱 ', replyStatus: 'pending', businessStatus: 'awarded', page: '3', size: 20 })).toEqual({
      q: '纸箱',
      replyStatus: 'pending',
      businessStatus: 'awarded',
      page: 3,
      size: 20,
    });
    expect(validateEnquirySearch({ q: '  ', replyStatus: 'open', businessStatus: 'won', page: 1, size: 10 })).toEqual({});
    expect(validateEnquirySearch({ page: 'x', size: 15, replyStatus: ['pending'] })).toEqual({});
    expect(validateEnquirySearch({ page: 100_001, size: '100' })).toEqual({ size: 100 });
  });

  it('takes a number typed as the search text as text, cut to the search limit', () => {
    expect(validateEnquirySearch({ q: 2030 })).toEqual({ q: '2030' });
    expect(validateEnquirySearch({ q: 'x'.repeat(300) }).q).toHaveLength(100);
  });

  it('validates again what the router merges over the raw search', () => {
    expect(resolveEnquirySearch({ replyStatus: 'bogus', page: -2, q: '  XJ ' } as never)).toEqual({
      q: 'XJ',
      replyStatus: '',
      businessStatus: '',
      page: 1,
      size: 10,
    });
  });

  it('round-trips through the resolved form and builds the request', () => {
    const state = resolveEnquirySearch({ q: 'XJ', page: 2, businessStatus: 'bargaining' });
    expect(state).toEqual({ q: 'XJ', replyStatus: '', businessStatus: 'bargaining', page: 2, size: 10 });
    expect(compactEnquirySearch(state)).toEqual({ q: 'XJ', page: 2, businessStatus: 'bargaining' });
    expect(compactEnquirySearch({ ...state, q: '', page: 1, businessStatus: '' })).toEqual({});
    expect(enquiryListRequest(state)).toEqual({ pageNo: 2, pageSize: 10, searchContent: 'XJ', businessStatus: 'bargaining' });
    expect(enquiryListRequest(resolveEnquirySearch({ replyStatus: 'missed', size: 50 }))).toEqual({
      pageNo: 1,
      pageSize: 50,
      replyStatus: 'missed',
    });
  });
});
