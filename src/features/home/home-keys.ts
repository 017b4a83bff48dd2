import type { MessageListRequest, TodoListRequest } from '@contract/schemas/home';
import { DEFAULT_PAGE_SIZE } from '@contract/limits';

/**
 * The home page's query keys, apart from its api files: the platform layout reads the first
 * to-do page (its menu counts) with these keys before the api module has loaded.
 */
export const homeKeys = {
  /** Every home query of a supplier: refreshed together after the outbox sends something. */
  all: (supplierId: string) => ['home', supplierId] as const,
  todosAll: (supplierId: string) => ['home', supplierId, 'todos'] as const,
  todos: (supplierId: string, params: TodoListRequest) => ['home', supplierId, 'todos', params] as const,
  messagesAll: (supplierId: string) => ['home', supplierId, 'messages'] as const,
  messages: (supplierId: string, params: MessageListRequest) => ['home', supplierId, 'messages', params] as const,
};

/**
 * The one query the platform layout (menu counts, title, reminders) and the home page's default
 * view share: the first to-do page at the default size. Its answer's `counts` cover every page.
 */
export const FIRST_TODO_PAGE = { pageNo: 1, pageSize: DEFAULT_PAGE_SIZE } as const satisfies TodoListRequest;
