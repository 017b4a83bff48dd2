import { calls } from '@contract/calls';
import type { MarkReadRequest, MessagePage, TodoPage } from '@contract/schemas/home';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { request } from '@/api/request';
import type { Clocked } from '@/ui/server-clock';
import { homeKeys } from '../home-keys';

/** One message read (`ids`), or every message (`all`). */
export type MarkReadInput = { ids: string[] } | { all: true };

/**
 * A message opened from its link is marked on the way out: its failure (offline) is not worth a
 * toast or an alert over the screen the supplier is going to; the message just stays unread.
 * "Mark all" is the supplier's own request: a business refusal is toasted by `request`.
 */
const markRead = (body: MarkReadRequest, quiet: boolean) => request(calls.homeMarkRead, body, { suppressError: quiet, background: quiet });

type Snapshot = [QueryKey, unknown][];

const isAll = (input: MarkReadInput): input is { all: true } => 'all' in input;

/** Shows the messages read at once, in every cached page, and the counts with them; answers what to restore on failure. */
function applyRead(client: QueryClient, supplierId: string, input: MarkReadInput): Snapshot {
  const snapshot: Snapshot = [
    ...client.getQueriesData({ queryKey: homeKeys.messagesAll(supplierId) }),
    ...client.getQueriesData({ queryKey: homeKeys.todosAll(supplierId) }),
  ];
  const wanted = isAll(input) ? null : new Set(input.ids);
  // The unread count is the bid service's (all pages): lowered by the messages this marks that a cached page shows unread.
  const newlyRead = new Set<string>();
  for (const [, page] of client.getQueriesData<MessagePage>({ queryKey: homeKeys.messagesAll(supplierId) })) {
    for (const message of page?.records ?? []) if (!message.read && (!wanted || wanted.has(message.id))) newlyRead.add(message.id);
  }
  const lower = (unread: number) => (wanted ? Math.max(0, unread - newlyRead.size) : 0);
  client.setQueriesData<MessagePage>({ queryKey: homeKeys.messagesAll(supplierId) }, (page) =>
    page
      ? {
          ...page,
          unread: lower(page.unread),
          records: page.records.map((m) => (!m.read && (!wanted || wanted.has(m.id)) ? { ...m, read: true } : m)),
        }
      : page,
  );
  setUnread(client, supplierId, lower);
  return snapshot;
}

function setUnread(client: QueryClient, supplierId: string, unread: (current: number) => number): void {
  client.setQueriesData<Clocked<TodoPage>>({ queryKey: homeKeys.todosAll(supplierId) }, (page) =>
    page ? { ...page, counts: { ...page.counts, unreadMessages: unread(page.counts.unreadMessages) } } : page,
  );
  client.setQueriesData<MessagePage>({ queryKey: homeKeys.messagesAll(supplierId) }, (page) =>
    page ? { ...page, unread: unread(page.unread) } : page,
  );
}

/**
 * Marks messages read: the pages and the counts (menu, title) change at once; the bid service's
 * answer sets the unread count, and the message pages are asked again (an unread-only page
 * loses what was read). On failure everything is put back and `onError` hears why.
 *
 * Not TanStack Query's useMutation: this is its only use in the portal, and the route
 * definitions' chunk (loaded on /login) would take in its 2.2 KB of code through the package's
 * index. What it would add here is a pending flag.
 */
export function useMarkRead(supplierId: string) {
  const client = useQueryClient();
  const [pending, setPending] = useState(0);
  const mutate = useCallback(
    (input: MarkReadInput, options: { onError?: (error: unknown) => void } = {}) => {
      setPending((n) => n + 1);
      void (async () => {
        await client.cancelQueries({ queryKey: homeKeys.messagesAll(supplierId) });
        const snapshot = applyRead(client, supplierId, input);
        try {
          const { unread } = await markRead(isAll(input) ? { all: true } : { ids: input.ids }, !isAll(input));
          setUnread(client, supplierId, () => unread);
        } catch (error) {
          for (const [key, data] of snapshot) client.setQueryData(key, data);
          options.onError?.(error);
        } finally {
          setPending((n) => n - 1);
          void client.invalidateQueries({ queryKey: homeKeys.messagesAll(supplierId) });
        }
      })();
    },
    [client, supplierId],
  );
  return { mutate, isPending: pending > 0 };
}
