import type { Supplier } from '@contract/schemas/supplier';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '@/ui/empty-state';
import { StaleDataNotice } from '@/ui/stale-data-notice';
import { toast } from '@/ui/toast';
import { supplierQueryOptions } from '../api/get-supplier';
import { updateSupplier } from '../api/update-supplier';
import { emptyAccountValues, fromSupplier } from '../supplier-form-values';
import { SupplierForm } from './supplier-form';

export function SupplierInfoEditor({ supplierId }: { supplierId: string }) {
  const { t } = useLingui();
  const query = useQuery(supplierQueryOptions(supplierId));

  if (query.isPending) {
    return <div className="card h-64 animate-pulse" aria-busy="true" aria-label={t`正在加载供应商信息`} />;
  }
  // A stored answer stands in when the refresh failed (offline): the form opens prefilled with it.
  if (query.data === undefined) {
    return (
      <div className="card text-center" role="alert">
        <EmptyState
          title={t`供应商信息加载失败`}
          action={
            <button type="button" className="btn btn-secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
              <Trans>重试</Trans>
            </button>
          }
        />
      </div>
    );
  }
  return (
    <>
      <StaleDataNotice query={query} />
      <Editor supplier={query.data} />
    </>
  );
}

function Editor({ supplier }: { supplier: Supplier }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  // The form keeps what the user typed; the query refresh only updates the info above it.
  const [initial] = useState(() => fromSupplier(supplier));

  return (
    <div className="space-y-4 sm:space-y-6">
      <dl className="card grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">
            <Trans>账号</Trans>
          </dt>
          <dd className="mt-0.5 font-medium break-all text-slate-900">{supplier.username}</dd>
        </div>
        <div>
          <dt className="text-slate-500">
            <Trans>供应商编码</Trans>
          </dt>
          <dd className="mt-0.5 font-mono break-all text-slate-900">{supplier.supplierCode || '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">
            <Trans>供应商状态</Trans>
          </dt>
          <dd className="mt-0.5">
            <span className="badge badge-green">{supplier.status}</span>
          </dd>
        </div>
      </dl>
      <SupplierForm
        mode="update"
        initial={initial}
        initialAccount={emptyAccountValues()}
        submitLabel={<Trans>保存</Trans>}
        busyLabel={<Trans>正在保存…</Trans>}
        onSubmit={async (payload) => {
          const saved = await updateSupplier(payload);
          queryClient.setQueryData(supplierQueryOptions(supplier.supplierId).queryKey, saved);
          await queryClient.invalidateQueries({ queryKey: supplierQueryOptions(supplier.supplierId).queryKey });
          toast.success(t`保存成功`);
        }}
      />
    </div>
  );
}
