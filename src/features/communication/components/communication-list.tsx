import { COMMUNICATION_STATUSES } from '@contract/communication-values';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { listCommunicationsQueryOptions } from '../api/list-communications';
import { communicationListRequest, type ResolvedCommunicationSearch } from '../communication-search';
import { CommunicationCards, CommunicationTable } from './communication-rows';
import { ListResults } from '@/ui/list-results';
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
  return (
    <ListResults
      query={query}
      texts={{
        loading: t`正在加载沟通记录`,
        failed: <Trans>沟通记录加载失败</Trans>,
        total: (total) => t`共 ${total} 条沟通记录`,
        empty: t`暂无沟通记录`,
        emptyHint: t`有问题需要与采购方确认时，点击“发起沟通”。`,
        noMatch: t`没有符合条件的沟通记录`,
      }}
      filtered={Boolean(search.q || search.status)}
      page={search.page}
      size={search.size}
      onPage={(page, size) => onSearchChange({ ...search, page, size: size as ResolvedCommunicationSearch['size'] })}
      onClear={() => onSearchChange({ ...search, q: '', status: '', page: 1 })}
      table={(rows) => <CommunicationTable rows={rows} />}
      cards={(rows) => <CommunicationCards rows={rows} />}
    />
  );
}
