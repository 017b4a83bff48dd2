import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { isVisitMissing, visitApplicationQueryOptions } from '../api/get-visit-application';
import { VisitForm } from './visit-form';

interface VisitNewPageProps {
  supplierId: string;
  username: string;
  supplierName: string;
  /** A returned application to copy (`?copy=`), or ''. */
  copy: string;
  relatedProject: string;
  onQueued: () => void;
}

/** /platform/visitorApplyNew/new: a new application, or a copy of a returned one once it is read. */
export function VisitNewPage({ copy, ...props }: VisitNewPageProps) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={copy ? t`复制参观申请` : t`新建参观申请`}
        description={t`带 * 的为必填项。填写内容会自动保存在本设备，离线也可以填写和提交。`}
        actions={
          <Link to="/platform/visitorApplyNew" className="btn btn-secondary">
            <Trans>返回列表</Trans>
          </Link>
        }
      />
      {copy ? <CopyForm copy={copy} {...props} /> : <VisitForm {...props} />}
    </>
  );
}

function CopyForm({ copy, supplierId, relatedProject: _, ...props }: VisitNewPageProps) {
  const { t } = useLingui();
  const query = useQuery(visitApplicationQueryOptions(supplierId, copy));
  if (query.isPending) return <div className="h-64 animate-pulse rounded-lg bg-slate-100" aria-busy="true" aria-label={t`正在加载参观申请`} />;
  if (query.isError && query.data === undefined) {
    if (isVisitMissing(query.error)) return <EmptyState title={t`参观申请不存在`} description={t`它可能已被删除，或不属于当前供应商。`} />;
    return <LoadError title={<Trans>参观申请加载失败</Trans>} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
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
