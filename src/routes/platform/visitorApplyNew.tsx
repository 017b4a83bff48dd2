import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export const Route = createFileRoute('/platform/visitorApplyNew')({
  component: Page,
});

function Page() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`参观申请`} />
      <div className="card">
        <EmptyState title={t`暂无参观申请`} />
      </div>
    </>
  );
}
