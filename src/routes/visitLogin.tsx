import { createFileRoute } from '@tanstack/react-router';
import { VisitLoginScreen } from '@/features/visitor/components/visit-login-screen';

export const Route = createFileRoute('/visitLogin')({
  // The passes on this device are read before the screen renders: the QR (or the form) is its
  // first frame, never a spinner between the prerendered screen and it.
  loader: () => import('@/features/visitor/passes').then((m) => m.loadPasses()).catch(() => ({})),
  component: VisitLoginPage,
});

function VisitLoginPage() {
  const passes = Route.useLoaderData();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6 sm:py-10">
      <VisitLoginScreen initialPasses={passes} />
    </div>
  );
}
