import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** `tenderId`: the notice a supplier chose to sign up for on the bid detail. */
interface TenderSearch {
  tenderId?: string;
}

export const Route = createFileRoute('/platform/tenderManagement')({
  validateSearch: (raw: Record<string, unknown>): TenderSearch => {
    // A hand-typed `?tenderId=9` arrives parsed as a number.
    const id = typeof raw.tenderId === 'string' || typeof raw.tenderId === 'number' ? String(raw.tenderId).trim() : '';
    return id ? { tenderId: id.slice(0, 64) } : {};
  },
  component: Page,
});

function Page() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`投标管理`} />
      <div className="card">
        <EmptyState title={t`暂无投标记录`} />
      </div>
    </>
  );
}
