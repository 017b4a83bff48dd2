import { calls } from '@contract/calls';
import type { TodoListRequest } from '@contract/schemas/home';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';
import { withClock } from '@/ui/server-clock';
import { homeKeys } from '../home-keys';

/** New messages and to-dos arrive without the supplier doing anything: the open portal asks again this often. */
export const HOME_REFRESH_MS = 5 * 60_000;

export const listTodos = async (params: TodoListRequest, signal?: AbortSignal) =>
  // The list shows its own error state with a retry (or the stored page), and the layout's
  // counts can do without: no toast, no network alert.
  withClock(await request(calls.homeTodoList, params, { signal, suppressError: true }));

/** Keyed by supplier: two accounts on one device never see each other's to-dos. */
export const todoListQueryOptions = (supplierId: string, params: TodoListRequest) =>
  queryOptions({
    queryKey: homeKeys.todos(supplierId, params),
    queryFn: ({ signal }) => listTodos(params, signal),
    placeholderData: keepPreviousData,
    // The menu counts and the title follow the buyer's changes when the supplier comes back to the tab.
    refetchOnWindowFocus: true,
    refetchInterval: HOME_REFRESH_MS,
  });
