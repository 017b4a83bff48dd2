import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@contract/limits';
import type { MessageListRequest, TodoListRequest } from '@contract/schemas/home';

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

const MAX_PAGE = 100_000;

function toInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

const pageOf = (value: unknown) => {
  const page = toInt(value);
  return page !== undefined && page > 1 && page <= MAX_PAGE ? page : undefined;
};

const sizeOf = (value: unknown) => {
  const size = toInt(value);
  return size !== undefined && size !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : undefined;
};

/** validateSearch of the home route: a malformed value falls back to the default; defaults are dropped (short URLs). */
export function validateHomeSearch(raw: Record<string, unknown>): HomeSearch {
  const out: HomeSearch = {};
  const todoPage = pageOf(raw.todoPage);
  if (todoPage) out.todoPage = todoPage;
  const todoSize = sizeOf(raw.todoSize);
  if (todoSize) out.todoSize = todoSize;
  const messagePage = pageOf(raw.messagePage);
  if (messagePage) out.messagePage = messagePage;
  const messageSize = sizeOf(raw.messageSize);
  if (messageSize) out.messageSize = messageSize;
  if (raw.unreadOnly === true || raw.unreadOnly === 'true' || raw.unreadOnly === 1 || raw.unreadOnly === '1') out.unreadOnly = true;
  return out;
}

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

export const messageListRequest = (state: ResolvedHomeSearch): MessageListRequest => ({ pageNo: state.messagePage, pageSize: state.messageSize, unreadOnly: state.unreadOnly });
