import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { Pager } from './pager';
import { StaleDataNotice } from './stale-data-notice';
import { BREAKPOINT, useMediaQuery } from './use-media-query';

interface ListTexts {
  /** "正在加载…": the skeleton's name, and the status while another page loads. */
  loading: string;
  /** The error state's title when nothing is stored to show. */
  failed: ReactNode;
  /** "共 n 条…", announced when a page has arrived. */
  /** The count, written as the interface language writes numbers. */
  total: (total: string) => string;
  /** Nothing at all yet, and what would bring something. */
  empty: string;
  emptyHint: string;
  /** Nothing matches the search or filters. */
  noMatch: string;
}

export interface ListResultsProps<Row> {
  query: UseQueryResult<{ records: Row[]; total: number }>;
  texts: ListTexts;
  /** A search or filter narrows the list (the empty state offers to clear it). */
  filtered: boolean;
  page: number;
  size: number;
  /** A new page, or a new page size (which starts again at page 1). */
  onPage: (page: number, size: number) => void;
  /** Clears search, filters and page. */
  onClear: () => void;
  /** The rows as a table on wide screens and as cards on a phone. */
  table: (rows: Row[]) => ReactNode;
  cards: (rows: Row[]) => ReactNode;
  /** Shown above the rows once the list answered or failed (a pinned record, an announcement). */
  before?: ReactNode;
  /** Always rendered (dialogs that belong to the list). */
  after?: ReactNode;
}

/**
 * The results part of a supplier's list screen (tenders, enquiries, threads, visit applications):
 * a skeleton while the first answer is on its way; an error with retry when nothing is stored;
 * a stored answer with a note when a refresh failed (offline); the rows, dimmed while the next
 * page loads; the empty states; the pager.
 */
export function ListResults<Row>({
  query,
  texts,
  filtered,
  page,
  size,
  onPage,
  onClear,
  table,
  cards,
  before,
  after,
}: ListResultsProps<Row>) {
  const { t, i18n } = useLingui();
  // Only the layout the screen shows is rendered (both, left to CSS, where the size is unknown):
  // on a phone the hidden table was half the work of drawing a page of records.
  const wide = useMediaQuery(BREAKPOINT.xl);
  // A new answer's rows render in a deferred pass, in slices of a few milliseconds, not in the
  // one task that received it (a page of tender cards was a 190 ms task on a phone's CPU). Until
  // then the skeleton, or the rows before, dimmed, stay on screen.
  const data = useDeferredValue(query.data);
  if (query.isPending || (data === undefined && !query.isError)) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label={texts.loading}>
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-16 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
        ))}
        {after}
      </div>
    );
  }

  // Stored on the device but not refreshed: shown with a note (below), not replaced by the error.
  if (query.isError && query.data === undefined) {
    return (
      <>
        {before}
        <LoadError title={texts.failed} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
        {after}
      </>
    );
  }

  const { records, total } = data ?? query.data;
  const stale = query.isPlaceholderData || data !== query.data;
  return (
    <>
      <StaleDataNotice query={query} />
      <p className="sr-only" role="status">
        {stale ? texts.loading : texts.total(i18n.number(total))}
      </p>
      {before}
      {records.length === 0 ? (
        <EmptyState
          title={filtered ? texts.noMatch : texts.empty}
          description={filtered ? t`请尝试其他关键词或状态，或清除筛选条件。` : texts.emptyHint}
          action={
            filtered || page > 1 ? (
              <button type="button" className="btn btn-secondary" onClick={onClear}>
                <Trans>清除筛选</Trans>
              </button>
            ) : undefined
          }
        />
      ) : (
        <div className={`transition-opacity ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
          {wide !== false ? <div className="hidden xl:block">{table(records)}</div> : null}
          {wide !== true ? <div className="xl:hidden">{cards(records)}</div> : null}
        </div>
      )}
      {total > 0 ? (
        <Pager pageNo={page} pageSize={size} total={total} onChange={(next, nextSize) => onPage(nextSize === size ? next : 1, nextSize)} />
      ) : null}
      {after}
    </>
  );
}
