import { Code } from '@contract/codes';
import { calls } from '@contract/calls';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { dictionaryQueryOptions } from '@/api/dictionary';
import { isApiError } from '@/api/errors';
import { request } from '@/api/request';
import { i18n, whenLocaleActive } from '@/locales/i18n';
import { storedAtReader } from './stored-at';

const getNotice = async (id: string, signal?: AbortSignal) => {
  const stored = storedAtReader();
  return stored.attach(await request(calls.businessGetById, { id }, { signal, suppressError: true, onResponse: stored.onResponse }));
};

/** A notice as its screen reads it: with when this device stored it, if the answer came from the device. */
export type NoticeAnswer = Awaited<ReturnType<typeof getNotice>>;

export const isNotFound = (error: unknown): boolean => isApiError(error) && error.code === Code.notFound;

export const noticeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['bids', 'notice', id] as const,
    queryFn: ({ signal }) => getNotice(id, signal),
    staleTime: 30_000,
  });

/** The dictionaries whose labels a notice's detail shows (notice-detail.tsx, CodeLabel). */
const NOTICE_DICTIONARIES = ['tenderingManner', 'classification', 'currency'] as const;

/**
 * What a notice's screen reads, started by its route's loader, not awaited (the view has its own
 * loading, not-found and retry states): the notice, and the labels of its codes in the interface
 * language, so they come with it rather than after the first render. The bid service's server
 * render waits for both (src/prerender/render-page.tsx).
 */
export function prefetchNotice(client: QueryClient, id: string): void {
  void client.ensureQueryData(noticeQueryOptions(id)).catch(() => undefined);
  void whenLocaleActive().then(() =>
    Promise.all(NOTICE_DICTIONARIES.map((type) => client.prefetchQuery(dictionaryQueryOptions(type, i18n.locale)))),
  );
}
