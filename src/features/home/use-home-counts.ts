import type { HomeCounts, TodoPage } from '@contract/schemas/home';
import { skipToken, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
// What `onSent` of @/offline/outbox is, without the outbox module: the platform layout's first render does not wait for it.
import { onSentLocal as onSent } from '@/offline/events';
import { hasUnsavedWork } from '@/offline/unsaved';
import type { Clocked } from '@/ui/server-clock';
import type * as TodoApi from './api/list-todos';
import { FIRST_TODO_PAGE, homeKeys } from './home-keys';

/** Loads a module after the first paint; null until it is there (or when it cannot load: offline before it was cached). */
function useLazy<T>(load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setLoaded({ value }),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // The loader is a fixed import of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return loaded?.value ?? null;
}

/**
 * The platform layout's view of the home: the first to-do page, the one query the home page's
 * default view shares, read from the cache at once (restored from the device when offline) and
 * fetched once its api module has loaded (lazily: the layout stays lean). It refreshes on window
 * focus, every few minutes and after the outbox sent something (a deposit, bid, quote or reply
 * ends a to-do). Reminders of the nearest deadlines run from it. Answers the counts.
 */
export function useHomeCounts(supplierId: string): HomeCounts | undefined {
  const client = useQueryClient();
  const api = useLazy<typeof TodoApi>(() => import('./api/list-todos'));
  const options: UseQueryOptions<Clocked<TodoPage>, Error, Clocked<TodoPage>, ReturnType<typeof homeKeys.todos>> = api && supplierId
    ? api.todoListQueryOptions(supplierId, FIRST_TODO_PAGE)
    : { queryKey: homeKeys.todos(supplierId, FIRST_TODO_PAGE), queryFn: skipToken };
  const query = useQuery(options);

  useEffect(() => onSent(() => void client.invalidateQueries({ queryKey: homeKeys.all(supplierId) })), [client, supplierId]);
  useTodoReminders(supplierId, query.data);
  return query.data?.counts;
}

/**
 * Opens a reminder's to-do (a click on its notification, here or relayed by the service worker),
 * unless a form holds unsaved input: then the window only comes to the front.
 */
function useOpenReminder(): (path: string) => void {
  const router = useRouter();
  const open = useCallback(
    (path: string) => {
      if (path.startsWith('/platform/') && !hasUnsavedWork()) router.history.push(path);
    },
    [router],
  );
  useEffect(() => {
    const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; path?: unknown } | null;
      if (data?.type === 'OPEN_REMINDER' && typeof data.path === 'string') open(data.path);
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [open]);
  return open;
}

/** Starts the reminders of the first to-do page (loaded on demand, restarted when the page changes). */
function useTodoReminders(supplierId: string, page: Clocked<TodoPage> | undefined): void {
  const open = useOpenReminder();
  useEffect(() => {
    if (!supplierId || !page?.records.some((todo) => todo.deadline)) return;
    let stop: (() => void) | undefined;
    let live = true;
    void import('./reminders/start-todo-reminders')
      .then((m) => {
        if (live) stop = m.startTodoReminders(supplierId, page.records, page.clockOffset, open);
      })
      .catch((error: unknown) => console.warn('reminders not started', error));
    return () => {
      live = false;
      stop?.();
    };
  }, [supplierId, page, open]);
}
