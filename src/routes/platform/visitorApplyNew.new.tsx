import { createFileRoute } from '@tanstack/react-router';
import { VisitNewPage } from '@/features/visit/components/visit-new-page';
import { validateVisitFormSearch } from '@/features/visit/visit-search';

export const Route = createFileRoute('/platform/visitorApplyNew/new')({
  validateSearch: validateVisitFormSearch,
  component: VisitNewRoute,
});

function VisitNewRoute() {
  const { copy, relatedProject, mend } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  return (
    <VisitNewPage
      key={`${copy ?? ''}|${relatedProject ?? ''}|${mend ?? ''}`}
      supplierId={session.supplierId}
      username={session.username}
      supplierName={session.supplierName}
      copy={copy ?? ''}
      relatedProject={relatedProject ?? ''}
      mend={mend ?? ''}
      onQueued={() => void navigate({ to: '/platform/visitorApplyNew', search: {} })}
    />
  );
}
