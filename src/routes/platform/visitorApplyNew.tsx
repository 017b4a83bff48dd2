import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadArea } from '@/locales/i18n';

/** Visit application screens share a catalog of their own, loaded before any of them renders (precached: works offline). */
export const Route = createFileRoute('/platform/visitorApplyNew')({
  beforeLoad: () => loadArea('visit'),
  component: Outlet,
});
