import type { PageSize } from '@contract/limits';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { Pager } from '@/ui/pager';
import { useServerNow } from '@/ui/server-clock';
import { StaleDataNotice } from '@/ui/stale-data-notice';
import { BREAKPOINT, useMediaQuery } from '@/ui/use-media-query';
import { todoListQueryOptions } from '../api/list-todos';
import { todoListRequest, type ResolvedHomeSearch } from '../home-search';
import { ListSkeleton } from './list-skeleton';
import { ReminderControl } from './reminder-control';
import { TodoCards, TodoTable } from './todo-rows';

export interface HomeListProps {
  supplierId: string;
  search: ResolvedHomeSearch;
  onSearchChange: (next: ResolvedHomeSearch) => void;
}

/** What the supplier must act on (SPEC.md section 2), nearest deadline first, with the reminders' switch. */
export function TodoList({ supplierId, search, onSearchChange }: HomeListProps) {
  return (
    <section aria-labelledby="home-todo" className="card space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <h2 id="home-todo">
          <Trans>待办事项</Trans>
        </h2>
        <ReminderControl supplierId={supplierId} />
      </div>
      <TodoResults supplierId={supplierId} search={search} onSearchChange={onSearchChange} />
    </section>
  );
}

function TodoResults({ supplierId, search, onSearchChange }: HomeListProps) {
  const { t, i18n } = useLingui();
  const query = useQuery(todoListQueryOptions(supplierId, todoListRequest(search)));
  const now = useServerNow(query.data?.clockOffset);
  // Only the layout shown (both where the size is unknown), and a new answer's rows drawn in a
  // deferred pass, in slices, rather than in the task that received it (src/ui/list-results.tsx).
  const wide = useMediaQuery(BREAKPOINT.md);
  const data = useDeferredValue(query.data);

  if (query.isPending || (data === undefined && !query.isError)) return <ListSkeleton label={t`正在加载待办事项`} rows={search.todoSize} />;
  // Stored on the device but not refreshed: shown with a note (below), not replaced by the error.
  if (query.isError && query.data === undefined) {
    return (
      <LoadError
        title={<Trans>待办事项加载失败</Trans>}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const { records, total: count } = data ?? query.data;
  const total = i18n.number(count);
  const stale = query.isPlaceholderData || data !== query.data;
  return (
    <>
      <StaleDataNotice query={query} />
      <p className="sr-only" role="status">
        {stale ? t`正在加载待办事项` : t`共 ${total} 项待办`}
      </p>
      {records.length === 0 ? (
        <EmptyState
          title={search.todoPage > 1 ? t`这一页没有待办` : t`暂无待办`}
          description={search.todoPage > 1 ? undefined : t`需要您处理的保证金、投标文件、报价、沟通和参观申请会显示在这里。`}
          action={
            search.todoPage > 1 ? (
              <button type="button" className="btn btn-secondary" onClick={() => onSearchChange({ ...search, todoPage: 1 })}>
                <Trans>回到第一页</Trans>
              </button>
            ) : undefined
          }
        />
      ) : (
        <div className={`transition-opacity ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
          {wide !== false ? (
            <div className="hidden md:block">
              <TodoTable rows={records} now={now} />
            </div>
          ) : null}
          {wide !== true ? (
            <div className="md:hidden">
              <TodoCards rows={records} now={now} />
            </div>
          ) : null}
        </div>
      )}
      {count > 0 ? (
        <Pager
          label={t`待办事项分页`}
          pageNo={search.todoPage}
          pageSize={search.todoSize}
          total={count}
          onChange={(page, size) =>
            onSearchChange({ ...search, todoPage: size === search.todoSize ? page : 1, todoSize: size as PageSize })
          }
        />
      ) : null}
    </>
  );
}
