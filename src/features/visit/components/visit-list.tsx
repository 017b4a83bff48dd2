import { VISIT_REVIEW_STATUSES } from '@contract/visit-values';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { supplierOwner } from '@/offline/db';
import { useOutbox } from '@/offline/use-outbox';
import { ListToolbar } from '@/ui/list-toolbar';
import { ListResults } from '@/ui/list-results';
import { PageHeader } from '@/ui/page-header';
import { listVisitApplicationsQueryOptions } from '../api/list-visit-applications';
import { isVisitEntry } from '../api/queue-visit-application';
import { REVIEW_LABEL } from '../visit-labels';
import { visitListRequest, type ResolvedVisitSearch } from '../visit-search';
import { VisitCards, VisitTable } from './visit-rows';

export interface VisitListProps {
  supplierId: string;
  search: ResolvedVisitSearch;
  onSearchChange: (next: ResolvedVisitSearch, options?: { replace?: boolean }) => void;
}

/** /platform/visitorApplyNew: the supplier's applications, those still on the device first, search, status filter and pager in the URL. */
export function VisitListView(props: VisitListProps) {
  const { t } = useLingui();
  const { search, onSearchChange } = props;
  return (
    <>
      <PageHeader
        title={t`参观申请`}
        description={t`申请到生产基地参观、送货或施工：登记来访人员、文件和保险，审核通过后来访人员凭手机号领取开门二维码。`}
        actions={
          <Link to="/platform/visitorApplyNew/new" className="btn btn-primary">
            <Trans>新建申请</Trans>
          </Link>
        }
      />
      <PendingVisits supplierId={props.supplierId} />
      <section aria-label={t`参观申请列表`} className="card space-y-4">
        <ListToolbar
          key={search.q}
          id="visit"
          searchLabel={t`搜索参观申请`}
          placeholder={t`参观单号、关联项目或事由`}
          q={search.q}
          onSearch={(q) => onSearchChange({ ...search, q, page: 1 })}
          status={search.status}
          statuses={VISIT_REVIEW_STATUSES}
          statusLabel={REVIEW_LABEL}
          onStatus={(status) => onSearchChange({ ...search, status, page: 1 })}
        />
        <VisitResults {...props} />
      </section>
    </>
  );
}

/**
 * Applications written on this device and not yet accepted by the bid service (a refused one mended in
 * the form; details and actions on /pending).
 */
function PendingVisits({ supplierId }: { supplierId: string }) {
  const { t } = useLingui();
  const owners = useMemo(() => [supplierOwner(supplierId)], [supplierId]);
  const { entries } = useOutbox(owners);
  const waiting = entries.filter(isVisitEntry);
  if (waiting.length === 0) return null;
  return (
    <section className="card mb-4 space-y-3 sm:mb-6" aria-labelledby="pending-visits-title">
      <h2 id="pending-visits-title">
        <Trans>待提交的参观申请</Trans>
      </h2>
      <ul className="space-y-2" aria-label={t`待提交的参观申请`}>
        {waiting.map((entry) => (
          <li
            key={entry.id}
            className={`rounded-lg border p-3 text-sm ${entry.status === 'failed' ? 'border-red-200 bg-red-50/40' : 'border-dashed border-slate-300 bg-slate-50'}`}
          >
            <p className="break-words">{entry.summary}</p>
            <p className="mt-1 text-slate-600">
              {entry.status === 'failed' ? (
                <span className="text-red-700">
                  <Trans>提交失败：{entry.lastError?.message ?? ''}</Trans>
                </span>
              ) : entry.status === 'paused' ? (
                <Trans>重新登录后提交</Trans>
              ) : entry.status === 'sending' ? (
                <Trans>正在提交…</Trans>
              ) : (
                <Trans>联网后自动提交</Trans>
              )}{' '}
              {entry.status === 'failed' ? (
                <>
                  <Link to="/platform/visitorApplyNew/new" search={{ mend: entry.id }} className="link">
                    <Trans>修改后重新提交</Trans>
                  </Link>{' '}
                </>
              ) : null}
              <Link to="/pending" className="link">
                <Trans>查看待发送内容</Trans>
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function VisitResults({ supplierId, search, onSearchChange }: VisitListProps) {
  const { t } = useLingui();
  const query = useQuery(listVisitApplicationsQueryOptions(supplierId, visitListRequest(search)));
  return (
    <ListResults
      query={query}
      texts={{
        loading: t`正在加载参观申请`,
        failed: <Trans>参观申请加载失败</Trans>,
        total: (total) => t`共 ${total} 条参观申请`,
        empty: t`暂无参观申请`,
        emptyHint: t`新建申请后，申请和审核结果会显示在这里。`,
        noMatch: t`没有符合条件的参观申请`,
      }}
      filtered={Boolean(search.q || search.status)}
      page={search.page}
      size={search.size}
      onPage={(page, size) => onSearchChange({ ...search, page, size: size as ResolvedVisitSearch['size'] })}
      onClear={() => onSearchChange({ ...search, q: '', status: '', page: 1 })}
      table={(rows) => <VisitTable rows={rows} />}
      cards={(rows) => <VisitCards rows={rows} />}
    />
  );
}
