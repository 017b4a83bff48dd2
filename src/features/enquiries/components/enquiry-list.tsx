import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { Pager } from '@/ui/pager';
import { StaleDataNotice } from '@/ui/stale-data-notice';
import { listEnquiriesQueryOptions } from '../api/list-enquiries';
import { enquiryListRequest, type ResolvedEnquirySearch } from '../enquiry-search';
import { useServerNow } from '@/ui/server-clock';
import { EnquiryCards, EnquiryTable } from './enquiry-rows';
import { EnquiryToolbar } from './enquiry-toolbar';

export interface EnquiryListProps {
  supplierId: string;
  search: ResolvedEnquirySearch;
  onSearchChange: (next: ResolvedEnquirySearch, options?: { replace?: boolean }) => void;
}

/** The supplier's price enquiries: search, two filters and the pager, all in the URL. */
export function EnquiryList(props: EnquiryListProps) {
  const { t } = useLingui();
  const { search, onSearchChange } = props;
  return (
    <section aria-label={t`询价单列表`} className="card space-y-4">
      <EnquiryToolbar
        key={search.q}
        q={search.q}
        replyStatus={search.replyStatus}
        businessStatus={search.businessStatus}
        onSearch={(q) => onSearchChange({ ...search, q, page: 1 })}
        onReplyStatus={(replyStatus) => onSearchChange({ ...search, replyStatus, page: 1 })}
        onBusinessStatus={(businessStatus) => onSearchChange({ ...search, businessStatus, page: 1 })}
      />
      <EnquiryResults {...props} />
    </section>
  );
}

function EnquiryResults({ supplierId, search, onSearchChange }: EnquiryListProps) {
  const { t } = useLingui();
  const query = useQuery(listEnquiriesQueryOptions(supplierId, enquiryListRequest(search)));
  const now = useServerNow(query.data?.clockOffset);

  if (query.isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label={t`正在加载询价单`}>
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-16 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
        ))}
      </div>
    );
  }

  // Stored on the device but not refreshed: shown with a note (below), not replaced by the error.
  if (query.isError && query.data === undefined) {
    return <LoadError title={<Trans>询价单加载失败</Trans>} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }

  const { records, total } = query.data;
  const stale = query.isPlaceholderData;
  const filtered = Boolean(search.q || search.replyStatus || search.businessStatus);

  return (
    <>
      {query.isError ? <StaleDataNotice updatedAt={query.dataUpdatedAt} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} /> : null}
      <p className="sr-only" role="status">
        {stale ? t`正在加载询价单` : t`共 ${total} 条询价单`}
      </p>
      {records.length === 0 ? (
        <EmptyState
          title={filtered ? t`没有符合条件的询价单` : t`暂无询价单`}
          description={filtered ? t`请尝试其他关键词或状态，或清除筛选条件。` : t`采购方向您发出询价后，询价单会显示在这里。`}
          action={
            filtered || search.page > 1 ? (
              <button type="button" className="btn btn-secondary" onClick={() => onSearchChange({ ...search, q: '', replyStatus: '', businessStatus: '', page: 1 })}>
                <Trans>清除筛选</Trans>
              </button>
            ) : undefined
          }
        />
      ) : (
        <div className={`transition-opacity ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
          <div className="hidden xl:block">
            <EnquiryTable rows={records} now={now} />
          </div>
          <div className="xl:hidden">
            <EnquiryCards rows={records} now={now} />
          </div>
        </div>
      )}
      {total > 0 ? (
        <Pager
          pageNo={search.page}
          pageSize={search.size}
          total={total}
          onChange={(page, size) => onSearchChange({ ...search, page: size === search.size ? page : 1, size: size as ResolvedEnquirySearch['size'] })}
        />
      ) : null}
    </>
  );
}
