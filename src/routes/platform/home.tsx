import { createFileRoute } from '@tanstack/react-router';
import { HomeDashboard } from '@/features/home/components/home-dashboard';

export const Route = createFileRoute('/platform/home')({
  component: HomeDashboard,
});
