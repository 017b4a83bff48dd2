import { describe, expect, it } from 'vitest';
import { compactTenderSearch, resolveTenderSearch, tenderListRequest, validateTenderSearch } from './tender-search';

describe('tender list search', () => {
  it('keeps valid values and drops defaults and garbage', () => {
    expect(validateTenderSearch({ q: ' 纸箱 ', status: 'lost', page: '3', size: 20, tenderId: 7, action: 'refund' })).toEqual({
      q: '纸箱',
      status: 'lost',
      page: 3,
      size: 20,
      tenderId: '7',
      action: 'refund',
    });
    expect(validateTenderSearch({ q: '  ', status: 'open', page: 1, size: 10, tenderId: '', action: 'delete' })).toEqual({});
    expect(validateTenderSearch({ page: 'x', size: 15 })).toEqual({});
  });

  it('keeps an action without a record (the list then asks to choose one)', () => {
    expect(validateTenderSearch({ action: 'deposit' })).toEqual({ action: 'deposit' });
  });

  it('round-trips through the resolved form and builds the request without the marked record', () => {
    const state = resolveTenderSearch({ q: 'ZB', page: 2, tenderId: 't1', action: 'deposit' });
    expect(compactTenderSearch(state)).toEqual({ q: 'ZB', page: 2, tenderId: 't1', action: 'deposit' });
    expect(compactTenderSearch({ ...state, action: '' })).toEqual({ q: 'ZB', page: 2, tenderId: 't1' });
    expect(tenderListRequest(state)).toEqual({ pageNo: 2, pageSize: 10, searchContent: 'ZB' });
    expect(tenderListRequest(resolveTenderSearch({ status: 'won', size: 50 }))).toEqual({ pageNo: 1, pageSize: 50, status: 'won' });
  });

  it('drops a value the router passed on unvalidated, so it never reaches the bid service', () => {
    // What the route hands over for `?status=bogus&page=x`: the raw search merged with the validated one.
    const state = resolveTenderSearch({ status: 'bogus', page: 'x' } as never);
    expect(state.status).toBe('');
    expect(tenderListRequest(state)).toEqual({ pageNo: 1, pageSize: 10 });
  });
});
