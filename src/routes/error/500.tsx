import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '@/ui/error-page';

export const Route = createFileRoute('/error/500')({
  component: () => <ErrorPage status={500} />,
});
