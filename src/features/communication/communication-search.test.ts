import { describe, expect, it } from 'vitest';
import {
  communicationListRequest,
  compactCommunicationSearch,
  resolveCommunicationSearch,
  validateCommunicationSearch,
} from './communication-search';

describe('communication list search', () => {
  it('keeps valid values and drops defaults and junk', () => {
    expect(validateCommunicationSearch({ q: ' 纸箱 ', status: 'closed', page: '3', size: 20 })).toEqual({
      q: '纸箱',
      status: 'closed',
      page: 3,
      size: 20,
    });
    expect(validateCommunicationSearch({ q: '', status: 'open', page: 1, size: 10 })).toEqual({});
    expect(validateCommunicationSearch({ page: 'x', size: 7, status: 5 })).toEqual({});
    expect(validateCommunicationSearch({ q: 2026 })).toEqual({ q: '2026' });
    expect(validateCommunicationSearch({ q: 'a'.repeat(300) }).q).toHaveLength(100);
  });

  it('resolves defaults, compacts back and builds the request', () => {
    const state = resolveCommunicationSearch({ status: 'awaitingSupplier' });
    expect(state).toEqual({ q: '', status: 'awaitingSupplier', page: 1, size: 10 });
    expect(compactCommunicationSearch({ ...state, page: 1 })).toEqual({ status: 'awaitingSupplier' });
    expect(communicationListRequest(state)).toEqual({ pageNo: 1, pageSize: 10, status: 'awaitingSupplier' });
    expect(communicationListRequest({ ...state, q: 'GT', status: '' })).toEqual({ pageNo: 1, pageSize: 10, searchContent: 'GT' });
  });
});
