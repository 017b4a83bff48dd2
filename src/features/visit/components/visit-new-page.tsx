import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { supplierOwner } from '@/offline/db';
import { useMendEntry } from '@/offline/use-mend-entry';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { isVisitMissing, visitApplicationQueryOptions } from '../api/get-visit-application';
import { isVisitEntry } from '../api/queue-visit-application';
import { VisitForm } from './visit-form';

interface VisitNewPageProps {
  supplierId: string;
  username: string;
  supplierName: string;
  /** A returned application to copy (`?copy=`), or ''. */
  copy: string;
  relatedProject: string;
  /** An outbox entry of an application the bid service refused, to mend (`?mend=`), or ''. */
  mend?: string;
  onQueued: () => void;
}

/**
 * /platform/visitorApplyNew/new: a new application, a copy of a returned one once it is read, or
 * an application the bid service refused before it became one, opened from its outbox entry.
 */
export function VisitNewPage({ copy, mend = '', ...props }: VisitNewPageProps) {
  const { t } = useLingui();
  const loaded = useMendEntry(mend || undefined);
  // Sent or discarded meanwhile (or not this supplier's application): the form starts as it would without it.
  const mending = loaded && isVisitEntry(loaded.entry) && loaded.entry.owner === supplierOwner(props.supplierId) ? loaded : null;
  return (
    <>
      <PageHeader
        title={loaded === undefined || mending ? t`修改参观申请` : copy ? t`复制参观申请` : t`新建参观申请`}
        description={t`带 * 的为必填项。填写内容会自动保存在本设备，离线也可以填写和提交。`}
        actions={
          <Link to="/platform/visitorApplyNew" className="btn btn-secondary">
            <Trans>返回列表</Trans>
          </Link>
        }
      />
      {loaded === undefined ? (
        <div className="h-64 animate-pulse rounded-lg bg-slate-100" aria-busy="true" aria-label={t`正在加载参观申请`} />
      ) : mending ? (
        <VisitForm {...props} mending={mending} />
      ) : copy ? (
        <CopyForm copy={copy} {...props} />
      ) : (
        <VisitForm {...props} />
      )}
    </>
  );
}

function CopyForm({ copy, supplierId, relatedProject: _, ...props }: VisitNewPageProps) {
  const { t } = useLingui();
  const query = useQuery(visitApplicationQueryOptions(supplierId, copy));
  if (query.isPending)
    return <div className="h-64 animate-pulse rounded-lg bg-slate-100" aria-busy="true" aria-label={t`正在加载参观申请`} />;
  if (query.isError && query.data === undefined) {
    if (isVisitMissing(query.error)) return <EmptyState title={t`参观申请不存在`} description={t`它可能已被删除，或不属于当前供应商。`} />;
    return (
      <LoadError
        title={<Trans>参观申请加载失败</Trans>}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.reviewStatus !== 'returned') {
    return (
      <EmptyState
        title={t`只有已退回的申请可以复制`}
        action={
          <Link to="/platform/visitorApplyNew/$id" params={{ id: copy }} className="btn btn-secondary">
            <Trans>查看申请</Trans>
          </Link>
        }
      />
    );
  }
  return <VisitForm supplierId={supplierId} copyOf={query.data} {...props} />;
}
