import { DEFAULT_PAGE_SIZE, type PageSize } from '@contract/limits';
import type { MessageListRequest, TodoListRequest } from '@contract/schemas/home';
import { compactSearch, searchPage, searchSize } from '@/ui/url-search';

/** What the home page keeps in the URL (both pagers and the unread filter); absent keys mean the default. */
export interface HomeSearch {
  todoPage?: number;
  todoSize?: PageSize;
  messagePage?: number;
  messageSize?: PageSize;
  unreadOnly?: true;
}

export interface ResolvedHomeSearch {
  todoPage: number;
  todoSize: PageSize;
  messagePage: number;
  messageSize: PageSize;
  unreadOnly: boolean;
}

const TRUE = [true, 'true', 1, '1'] as const;

/** validateSearch of the home route: a malformed value falls back to the default; defaults are dropped (short URLs). */
export const validateHomeSearch = (raw: Record<string, unknown>): HomeSearch =>
  compactSearch({
    todoPage: searchPage(raw.todoPage),
    todoSize: searchSize(raw.todoSize),
    messagePage: searchPage(raw.messagePage),
    messageSize: searchSize(raw.messageSize),
    unreadOnly: (TRUE as readonly unknown[]).includes(raw.unreadOnly) ? (true as const) : undefined,
  });

export function resolveHomeSearch(raw: HomeSearch): ResolvedHomeSearch {
  const search = validateHomeSearch({ ...raw });
  return {
    todoPage: search.todoPage ?? 1,
    todoSize: search.todoSize ?? DEFAULT_PAGE_SIZE,
    messagePage: search.messagePage ?? 1,
    messageSize: search.messageSize ?? DEFAULT_PAGE_SIZE,
    unreadOnly: search.unreadOnly ?? false,
  };
}

export const compactHomeSearch = (state: ResolvedHomeSearch): HomeSearch => validateHomeSearch({ ...state });

export const todoListRequest = (state: ResolvedHomeSearch): TodoListRequest => ({ pageNo: state.todoPage, pageSize: state.todoSize });

export const messageListRequest = (state: ResolvedHomeSearch): MessageListRequest => ({
  pageNo: state.messagePage,
  pageSize: state.messageSize,
  unreadOnly: state.unreadOnly,
});
