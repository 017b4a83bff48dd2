import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/ui/load-error';
import { EmptyState } from '@/ui/empty-state';
import { Pager } from '@/ui/pager';
import { listNoticesQueryOptions } from '../api/list-notices';
import { noticeListRequest, type ResolvedNoticeSearch } from '../notice-search';
import { NoticeItem, NoticeItemSkeleton } from './notice-item';
import { NoticeSearchBox } from './notice-search-box';
import { StoredAtNotice } from './stored-at-notice';
import { noticePanelId, noticeTabId, NoticeTabs } from './notice-tabs';

const NOTICE_BOARD_ID = 'notice-board';

/** Brings the board into view and moves focus there (tourist mode on the login screen). */
export function focusNoticeBoard(): void {
  const board = document.getElementById(NOTICE_BOARD_ID);
  if (!board) return;
  const reduce = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  board.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  board.focus({ preventScroll: true });
}

interface NoticeBoardProps {
  search: ResolvedNoticeSearch;
  onSearchChange: (next: ResolvedNoticeSearch) => void;
}

export function NoticeBoard({ search, onSearchChange }: NoticeBoardProps) {
  return (
    <section id={NOTICE_BOARD_ID} tabIndex={-1} aria-labelledby="notice-board-title" className="card p-4 outline-none sm:p-6">
      <h2 id="notice-board-title" className="text-lg font-semibold text-slate-900">
        <Trans>招标采购公告</Trans>
      </h2>
      <div className="mt-3">
        <NoticeTabs value={search.tab} onChange={(tab) => onSearchChange({ ...search, tab, page: 1 })} />
      </div>
      <div role="tabpanel" id={noticePanelId(search.tab)} aria-labelledby={noticeTabId(search.tab)} className="mt-4 space-y-4">
        <NoticeSearchBox key={search.q} initial={search.q} onSubmit={(q) => onSearchChange({ ...search, q, page: 1 })} />
        <NoticeResults search={search} onSearchChange={onSearchChange} />
      </div>
    </section>
  );
}

function NoticeResults({ search, onSearchChange }: NoticeBoardProps) {
  const { t, i18n } = useLingui();
  const query = useQuery(listNoticesQueryOptions(noticeListRequest(search)));
  // The build's /login shows the loading frame (nothing read), the bid service's the page it read;
  // the app replaces either with its own render (src/main.tsx), from the same reads.
  if (query.isPending) {
    return (
      <ul className="space-y-3" aria-busy="true" aria-label={t`正在加载公告`}>
        {Array.from({ length: 4 }, (_, i) => (
          <NoticeItemSkeleton key={i} />
        ))}
      </ul>
    );
  }

  if (query.isError) {
    return (
      <LoadError title={<Trans>公告加载失败</Trans>} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
    );
  }

  const { records, storedAt } = query.data;
  const total = i18n.number(query.data.total);
  // Answers stored by an older portal have no `totalCapped`.
  const totalCapped = query.data.totalCapped === true;
  const stale = query.isPlaceholderData;

  return (
    <>
      <StoredAtNotice storedAt={storedAt} />
      <p className="sr-only" role="status">
        {stale ? t`正在加载公告` : totalCapped ? t`超过 ${total} 条公告` : t`共 ${total} 条公告`}
      </p>
      {records.length === 0 ? (
        <div className="space-y-3 text-center">
          <EmptyState
            title={search.q ? t`没有找到与“${search.q}”相关的公告` : t`暂无公告`}
            description={search.q ? t`请尝试其他关键词，或清除搜索条件。` : undefined}
          />
          {search.page > 1 && (
            <button type="button" className="btn btn-secondary" onClick={() => onSearchChange({ ...search, page: 1 })}>
              <Trans>返回第一页</Trans>
            </button>
          )}
        </div>
      ) : (
        <ul className={`space-y-3 transition-opacity ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
          {records.map((notice) => (
            <NoticeItem key={notice.id} notice={notice} />
          ))}
        </ul>
      )}
      {query.data.total > 0 && (
        <Pager
          pageNo={search.page}
          pageSize={search.size}
          total={query.data.total}
          totalCapped={totalCapped}
          onChange={(page, size) =>
            onSearchChange({ ...search, page: size === search.size ? page : 1, size: size as ResolvedNoticeSearch['size'] })
          }
        />
      )}
    </>
  );
}
