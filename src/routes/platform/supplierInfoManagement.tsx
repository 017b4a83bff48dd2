import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { prefetchOwn } from '@/app/prefetch';
import { SupplierInfoEditor } from '@/features/supplier/components/supplier-info-editor';
import { PageHeader } from '@/ui/page-header';

export const Route = createFileRoute('/platform/supplierInfoManagement')({
  loader: ({ context }) =>
    prefetchOwn(context, async (supplierId) => (await import('@/features/supplier/api/get-supplier')).supplierQueryOptions(supplierId)),
  component: SupplierInfoPage,
});

function SupplierInfoPage() {
  const { t } = useLingui();
  const { supplierId } = Route.useRouteContext().session;
  return (
    <>
      <PageHeader title={t`供应商信息`} description={t`维护企业基本信息、联系人、合作与银行信息。`} />
      <SupplierInfoEditor supplierId={supplierId} />
    </>
  );
}
