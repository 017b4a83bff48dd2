import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadArea } from '@/locales/i18n';

/** Inquiry and bargaining screens share a catalog of their own, loaded before any of them renders (precached: works offline). */
export const Route = createFileRoute('/platform/bargaining')({
  beforeLoad: () => loadArea('enquiries'),
  component: Outlet,
});
