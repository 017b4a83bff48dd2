import { createFileRoute } from '@tanstack/react-router';
import { firstReads, readOwn } from '@/app/prefetch';
import { HomeDashboard } from '@/features/home/components/home-dashboard';
import { compactHomeSearch, messageListRequest, resolveHomeSearch, todoListRequest, validateHomeSearch } from '@/features/home/home-search';
import { loadArea } from '@/locales/i18n';

export const Route = createFileRoute('/platform/home')({
  validateSearch: validateHomeSearch,
  loaderDeps: ({ search: { todoPage, todoSize, messagePage, messageSize, unreadOnly } }) => ({
    todoPage,
    todoSize,
    messagePage,
    messageSize,
    unreadOnly,
  }),
  loader: async ({ context, deps }) => {
    const search = resolveHomeSearch(deps);
    // Started, not awaited (but on a page load's first screen, briefly: src/app/prefetch.ts): each
    // list shows its own loading, error and offline states.
    const reads = [
      readOwn(context, async (supplierId) =>
        (await import('@/features/home/api/list-todos')).todoListQueryOptions(supplierId, todoListRequest(search)),
      ),
      readOwn(context, async (supplierId) =>
        (await import('@/features/home/api/list-messages')).messageListQueryOptions(supplierId, messageListRequest(search)),
      ),
    ];
    // Whether this device asked for system notifications: known when the to-do list first renders (its
    // switch then does not push the list down).
    void import('@/features/home/reminders/use-reminder-settings')
      .then((m) => m.readReminderSettings(context.session.supplierId))
      .catch(() => undefined);
    // The to-do and message texts are a catalog of their own (precached: works offline), loaded
    // beside the lists' reads and the screen's code rather than before them (a beforeLoad was one
    // more round trip on a cold open).
    await Promise.all([loadArea('home'), firstReads(reads)]);
  },
  component: HomePage,
});

function HomePage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  return (
    <HomeDashboard
      session={session}
      search={resolveHomeSearch(search)}
      onSearchChange={(next) => void navigate({ search: compactHomeSearch(next), resetScroll: false })}
    />
  );
}
