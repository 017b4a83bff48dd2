import { createFileRoute } from '@tanstack/react-router';
import { VisitLoginScreen } from '@/features/visitor/components/visit-login-screen';

export const Route = createFileRoute('/visitLogin')({
  component: VisitLoginPage,
});

function VisitLoginPage() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6 sm:py-10">
      <VisitLoginScreen />
    </div>
  );
}
