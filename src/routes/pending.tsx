import { createFileRoute } from '@tanstack/react-router';
import { PendingList } from '@/features/outbox/components/pending-list';

/** Public: a visitor without an account has waiting entries too; a supplier's show only under its session. */
export const Route = createFileRoute('/pending')({
  component: PendingPage,
});

function PendingPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <PendingList />
    </div>
  );
}
