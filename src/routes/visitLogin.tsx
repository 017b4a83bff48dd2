import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export const Route = createFileRoute('/visitLogin')({
  component: VisitLoginPage,
});

function VisitLoginPage() {
  const { t } = useLingui();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6 sm:py-10">
      <PageHeader title={t`获取开门二维码`} />
      <div className="card">
        <EmptyState title={t`暂无可用的开门二维码`} />
      </div>
    </div>
  );
}
