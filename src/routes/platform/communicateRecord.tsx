import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export const Route = createFileRoute('/platform/communicateRecord')({
  component: Page,
});

function Page() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`沟通记录`} />
      <div className="card">
        <EmptyState title={t`暂无沟通记录`} />
      </div>
    </>
  );
}
