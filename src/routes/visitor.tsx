import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export const Route = createFileRoute('/visitor')({
  component: VisitorPage,
});

function VisitorPage() {
  const { t } = useLingui();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6 sm:py-10">
      <PageHeader title={t`访客信息`} />
      <div className="card">
        <EmptyState title={t`暂无访客信息`} />
      </div>
    </div>
  );
}
