import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadArea } from '@/locales/i18n';

/** Inquiry and bargaining screens share a catalog of their own, loaded before any of them renders (precached: works offline). */
export const Route = createFileRoute('/platform/bargaining')({
  // A loader, not a beforeLoad: loaded beside the screen's read and code (the screens' loaders run
  // together), where a beforeLoad was one more round trip before them on a cold open.
  loader: () => loadArea('enquiry'),
  component: Outlet,
});
