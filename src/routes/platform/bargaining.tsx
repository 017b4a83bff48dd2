import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export const Route = createFileRoute('/platform/bargaining')({
  component: Page,
});

function Page() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`询价议价`} />
      <div className="card">
        <EmptyState title={t`暂无询价单`} />
      </div>
    </>
  );
}
