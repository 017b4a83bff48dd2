import type { PageSize } from '@contract/limits';
import type { HomeMessage } from '@contract/schemas/home';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { isApiError } from '@/api/errors';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { Pager } from '@/ui/pager';
import { StaleDataNotice } from '@/ui/stale-data-notice';
import { toast } from '@/ui/toast';
import { BREAKPOINT, useMediaQuery } from '@/ui/use-media-query';
import { messageListQueryOptions } from '../api/list-messages';
import { useMarkRead } from '../api/mark-read';
import { messageListRequest } from '../home-search';
import { ListSkeleton } from './list-skeleton';
import { MessageCards, MessageTable } from './message-rows';
import type { HomeListProps } from './todo-list';

/** What happened to the supplier's records, newest first: unread marks, mark read, an unread-only filter and the pager. */
export function MessageCenter({ supplierId, search, onSearchChange }: HomeListProps) {
  const { t, i18n } = useLingui();
  const query = useQuery(messageListQueryOptions(supplierId, messageListRequest(search)));
  const markRead = useMarkRead(supplierId);
  const unreadCount = query.data?.unread ?? 0;
  // As the interface language writes numbers (10.000 in vi), for the texts.
  const unread = i18n.number(unreadCount);
  const total = i18n.number(query.data?.total ?? 0);
  // Only the layout shown (both where the size is unknown), and a new answer's rows drawn in a
  // deferred pass, in slices, rather than in the task that received it (src/ui/list-results.tsx).
  const wide = useMediaQuery(BREAKPOINT.md);
  const data = useDeferredValue(query.data);
  const shown = data ?? query.data;
  const stale = query.isPlaceholderData || data !== query.data;

  const markAll = () =>
    markRead.mutate(
      { all: true },
      {
        // A business refusal is toasted by `request`; offline needs saying here (the call is quiet).
        onError: (error) => {
          if (isApiError(error) && error.kind === 'network') toast.error(t`网络连接异常，未能全部标为已读，请联网后重试。`);
        },
      },
    );
  const open = (message: HomeMessage) => markRead.mutate({ ids: [message.id] });

  return (
    <section aria-labelledby="home-messages" className="card space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="home-messages" className="flex flex-wrap items-baseline gap-x-2">
          <Trans>消息中心</Trans>
          {query.data ? (
            <span className="text-sm font-normal text-slate-600">
              <Trans>（未读 {unread} 条）</Trans>
            </span>
          ) : null}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={search.unreadOnly}
              onChange={(event) => onSearchChange({ ...search, unreadOnly: event.target.checked, messagePage: 1 })}
            />
            <Trans>只看未读</Trans>
          </label>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={unreadCount === 0 || markRead.isPending}
            aria-busy={markRead.isPending}
            onClick={markAll}
          >
            <Trans>全部标为已读</Trans>
          </button>
        </div>
      </div>

      {query.isPending || (data === undefined && !query.isError) ? (
        <ListSkeleton label={t`正在加载消息`} rows={search.messageSize} />
      ) : (query.isError && query.data === undefined) || shown === undefined ? (
        <LoadError
          title={<Trans>消息加载失败</Trans>}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <StaleDataNotice query={query} />
          <p className="sr-only" role="status">
            {stale ? t`正在加载消息` : t`共 ${total} 条消息，${unread} 条未读`}
          </p>
          {shown.records.length === 0 ? (
            <EmptyState
              title={search.unreadOnly ? t`没有未读消息` : search.messagePage > 1 ? t`这一页没有消息` : t`暂无消息`}
              description={
                search.unreadOnly || search.messagePage > 1
                  ? undefined
                  : t`保证金审核、评标结果、询价、沟通回复和参观申请审核的消息会显示在这里。`
              }
              action={
                search.unreadOnly || search.messagePage > 1 ? (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => onSearchChange({ ...search, unreadOnly: false, messagePage: 1 })}
                  >
                    <Trans>查看全部消息</Trans>
                  </button>
                ) : undefined
              }
            />
          ) : (
            <div className={`transition-opacity ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
              {wide !== false ? (
                <div className="hidden md:block">
                  <MessageTable rows={shown.records} onOpen={open} />
                </div>
              ) : null}
              {wide !== true ? (
                <div className="md:hidden">
                  <MessageCards rows={shown.records} onOpen={open} />
                </div>
              ) : null}
            </div>
          )}
          {shown.total > 0 ? (
            <Pager
              label={t`消息分页`}
              pageNo={search.messagePage}
              pageSize={search.messageSize}
              total={shown.total}
              onChange={(page, size) =>
                onSearchChange({ ...search, messagePage: size === search.messageSize ? page : 1, messageSize: size as PageSize })
              }
            />
          ) : null}
        </>
      )}
    </section>
  );
}
