import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { logIn } from '@/offline/test-helpers';
import { renderScreen } from '@/test/render-screen';
import { supplierSession } from '@/test/session';
import { HomeDashboard } from '../components/home-dashboard';
import { compactHomeSearch, resolveHomeSearch, validateHomeSearch, type HomeSearch } from '../home-search';

/** Where the home's links go: "STUB <name> <id>" or "STUB visit new copy=<id>". */
const stub = (name: string) =>
  function Stub() {
    const params = useParams({ strict: false }) as { id?: string };
    const search = useSearch({ strict: false }) as { copy?: string };
    return <p>{params.id ? `STUB ${name} ${params.id}` : `STUB ${name} copy=${search.copy ?? ''}`}</p>;
  };

function HomeScreen() {
  const search = useSearch({ strict: false }) as HomeSearch;
  const navigate = useNavigate();
  return (
    <HomeDashboard
      session={supplierSession()}
      search={resolveHomeSearch(search)}
      onSearchChange={(next) => void navigate({ to: '.', search: compactHomeSearch(next) as never })}
    />
  );
}

/** Unit-test helper (only test files import it): the home page under a memory router, with stubs where its links go. */
export function renderHome(initial = '/platform/home', queryClient?: QueryClient) {
  logIn('s1');
  return renderScreen('/platform/home', HomeScreen, [], {
    at: initial,
    validateSearch: validateHomeSearch,
    queryClient,
    links: [
      ['/platform/tenderManagement/$id', stub('tender')],
      ['/platform/bargaining/$id', stub('enquiry')],
      ['/platform/communicateRecord/$id', stub('thread')],
      ['/platform/visitorApplyNew/new', stub('visit new')],
      ['/platform/visitorApplyNew/$id', stub('visit')],
    ],
  });
}
