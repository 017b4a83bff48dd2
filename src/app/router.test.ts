import { describe, expect, it } from 'vitest';
import { searchText } from '@/ui/url-search';
import { parseSearch, stringifySearch } from './router';

describe('search in the address', () => {
  it('writes plain text: an id stays as typed, numbers and flags as their text', () => {
    expect(stringifySearch({ tenderId: '1', action: 'deposit', page: 2, unreadOnly: true })).toBe(
      '?tenderId=1&action=deposit&page=2&unreadOnly=true',
    );
    expect(stringifySearch({ q: '瓦楞 原纸' })).toBe(`?q=${encodeURIComponent('瓦楞 原纸').replace(/%20/g, '+')}`);
  });

  it('reads no JSON out of a value (each route validates and converts its own)', () => {
    const read = parseSearch('?tenderId=1&page=2&q=%7B%22a%22%3A1%7D') as Record<string, unknown>;
    expect(read.q).toBe('{"a":1}');
    expect(searchText(read.tenderId, 64)).toBe('1');
    expect(searchText((parseSearch('?q=true') as Record<string, unknown>).q, 100)).toBe('true');
  });

  it('still understands a link written with JSON quotes', () => {
    expect(searchText((parseSearch('?tenderId=%221%22') as Record<string, unknown>).tenderId, 64)).toBe('1');
  });
});
