import { describe, expect, it } from 'vitest';
import { compactNoticeSearch, noticeListRequest, resolveNoticeSearch, validateNoticeSearch } from './notice-search';

describe('notice board search params', () => {
  it('defaults to the first page of 10 bidding notices without a search', () => {
    expect(validateNoticeSearch({})).toEqual({});
    expect(resolveNoticeSearch(validateNoticeSearch({}))).toEqual({ tab: 'bidding', page: 1, size: 10, q: '' });
  });

  it('keeps valid values, including numbers given as text', () => {
    expect(validateNoticeSearch({ tab: 'purchasing', page: '3', size: '50', q: '  纸箱 ' })).toEqual({
      tab: 'purchasing',
      page: 3,
      size: 50,
      q: '纸箱',
    });
  });

  it('falls back to defaults for malformed values instead of failing', () => {
    expect(validateNoticeSearch({ tab: 'other', page: '-2', size: '7', q: { x: 1 } })).toEqual({});
    expect(validateNoticeSearch({ page: '1.5', size: 'abc' })).toEqual({});
    expect(validateNoticeSearch({ page: 10_000_000 })).toEqual({});
  });

  it('caps the search text at the contract limit', () => {
    expect(validateNoticeSearch({ q: 'x'.repeat(500) }).q).toHaveLength(100);
  });

  it('leaves defaults out of the URL', () => {
    expect(compactNoticeSearch({ tab: 'bidding', page: 1, size: 10, q: '' })).toEqual({});
    expect(compactNoticeSearch({ tab: 'purchasing', page: 2, size: 20, q: 'ZB' })).toEqual({
      tab: 'purchasing',
      page: 2,
      size: 20,
      q: 'ZB',
    });
  });

  it('maps a board state to the listByPage payload', () => {
    expect(noticeListRequest({ tab: 'bidding', page: 1, size: 10, q: '' })).toEqual({ bindOrPurchase: 0, pageNo: 1, pageSize: 10 });
    expect(noticeListRequest({ tab: 'purchasing', page: 4, size: 100, q: '广州' })).toEqual({
      bindOrPurchase: 1,
      pageNo: 4,
      pageSize: 100,
      searchContent: '广州',
    });
  });
});

describe('notice board search params from a hand-typed URL', () => {
  it('keeps a numeric search text', () => {
    expect(validateNoticeSearch({ q: 2026 })).toEqual({ q: '2026' });
  });
});
