import { COMMUNICATION_STATUSES } from '@contract/communication-values';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { StaleDataNotice } from '@/ui/stale-data-notice';
import { LoadError } from '@/ui/load-error';
import { EmptyState } from '@/ui/empty-state';
import { Pager } from '@/ui/pager';
import { listCommunicationsQueryOptions } from '../api/list-communications';
import { communicationListRequest, type ResolvedCommunicationSearch } from '../communication-search';
import { CommunicationCards, CommunicationTable } from './communication-rows';
import { ListToolbar } from '@/ui/list-toolbar';
import { STATUS_LABEL } from './communication-badges';

interface CommunicationListProps {
  supplierId: string;
  search: ResolvedCommunicationSearch;
  onSearchChange: (next: ResolvedCommunicationSearch) => void;
}

export function CommunicationList({ supplierId, search, onSearchChange }: CommunicationListProps) {
  const { t } = useLingui();
  return (
    <section aria-label={t`沟通记录列表`} className="card space-y-4">
      <ListToolbar
        key={search.q}
        id="communication"
        searchLabel={t`搜索沟通记录`}
        placeholder={t`问题编号、主题或来源单号`}
        statuses={COMMUNICATION_STATUSES}
        statusLabel={STATUS_LABEL}
        q={search.q}
        status={search.status}
        onSearch={(q) => onSearchChange({ ...search, q, page: 1 })}
        onStatus={(status) => onSearchChange({ ...search, status, page: 1 })}
      />
      <CommunicationResults supplierId={supplierId} search={search} onSearchChange={onSearchChange} />
    </section>
  );
}

function CommunicationResults({ supplierId, search, onSearchChange }: CommunicationListProps) {
  const { t } = useLingui();
  const query = useQuery(listCommunicationsQueryOptions(supplierId, communicationListRequest(search)));

  if (query.isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label={t`正在加载沟通记录`}>
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
        ))}
      </div>
    );
  }

  // Stored on the device but not refreshed: shown with a note (below), not replaced by the error.
  if (query.isError && query.data === undefined) {
    return (
      <LoadError title={<Trans>沟通记录加载失败</Trans>} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
    );
  }

  const { records, total } = query.data;
  const stale = query.isPlaceholderData;
  const filtered = Boolean(search.q || search.status);

  return (
    <>
      {query.isError ? <StaleDataNotice updatedAt={query.dataUpdatedAt} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} /> : null}
      <p className="sr-only" role="status">
        {stale ? t`正在加载沟通记录` : t`共 ${total} 条沟通记录`}
      </p>
      {records.length === 0 ? (
        <EmptyState
          title={filtered ? t`没有符合条件的沟通记录` : t`暂无沟通记录`}
          description={filtered ? t`请尝试其他关键词或状态，或清除筛选条件。` : t`有问题需要与采购方确认时，点击“发起沟通”。`}
          action={
            filtered || search.page > 1 ? (
              <button type="button" className="btn btn-secondary" onClick={() => onSearchChange({ ...search, q: '', status: '', page: 1 })}>
                <Trans>清除筛选</Trans>
              </button>
            ) : undefined
          }
        />
      ) : (
        <div className={`transition-opacity ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
          <div className="hidden xl:block">
            <CommunicationTable rows={records} />
          </div>
          <div className="xl:hidden">
            <CommunicationCards rows={records} />
          </div>
        </div>
      )}
      {total > 0 ? (
        <Pager
          pageNo={search.page}
          pageSize={search.size}
          total={total}
          onChange={(page, size) => onSearchChange({ ...search, page: size === search.size ? page : 1, size: size as ResolvedCommunicationSearch['size'] })}
        />
      ) : null}
    </>
  );
}
