import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadArea } from '@/locales/i18n';

/** Bid management's screens share a catalog of their own, loaded before any of them renders (precached: works offline). */
export const Route = createFileRoute('/platform/tenderManagement')({
  beforeLoad: () => loadArea('tenders'),
  component: Outlet,
});
