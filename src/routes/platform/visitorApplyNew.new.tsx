import { createFileRoute } from '@tanstack/react-router';
import { getLoginInfo, getSupplierId, getUsername } from '@/api/session';
import { VisitNewPage } from '@/features/visits/components/visit-new-page';
import { validateVisitFormSearch } from '@/features/visits/visit-search';

export const Route = createFileRoute('/platform/visitorApplyNew/new')({
  validateSearch: validateVisitFormSearch,
  component: VisitNewRoute,
});

function VisitNewRoute() {
  const { copy, relatedProject } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <VisitNewPage
      key={`${copy ?? ''}|${relatedProject ?? ''}`}
      supplierId={getSupplierId() ?? ''}
      username={getUsername() ?? ''}
      supplierName={getLoginInfo()?.userInfo.supplierName ?? ''}
      copy={copy ?? ''}
      relatedProject={relatedProject ?? ''}
      onQueued={() => void navigate({ to: '/platform/visitorApplyNew', search: {} })}
    />
  );
}
