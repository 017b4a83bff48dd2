import { describe, expect, it } from 'vitest';
import { compactHomeSearch, messageListRequest, resolveHomeSearch, todoListRequest, validateHomeSearch } from './home-search';
import { FIRST_TODO_PAGE } from './home-keys';

describe('home search', () => {
  it('keeps valid pages, sizes and the unread filter, drops defaults and nonsense', () => {
    expect(validateHomeSearch({ todoPage: '3', todoSize: 20, messagePage: 2, messageSize: '50', unreadOnly: true })).toEqual({
      todoPage: 3,
      todoSize: 20,
      messagePage: 2,
      messageSize: 50,
      unreadOnly: true,
    });
    expect(validateHomeSearch({ todoPage: 1, todoSize: 10, messagePage: -2, messageSize: 7, unreadOnly: 'no' })).toEqual({});
    expect(validateHomeSearch({ todoPage: 'x', messagePage: 2.5 })).toEqual({});
  });

  it('asks for the first to-do page the layout shares by default', () => {
    const state = resolveHomeSearch({});
    expect(todoListRequest(state)).toEqual(FIRST_TODO_PAGE);
    expect(messageListRequest(state)).toEqual({ pageNo: 1, pageSize: 10, unreadOnly: false });
    expect(compactHomeSearch({ ...state, messagePage: 4, unreadOnly: true })).toEqual({ messagePage: 4, unreadOnly: true });
  });
});
