import { createFileRoute } from '@tanstack/react-router';
import { VerifyScreen } from '@/features/receipt/components/verify-screen';
import { loadArea } from '@/locales/i18n';

/** Public: anyone a supplier shows a receipt to checks it here, online or not (docs/decisions/receipts.md). */
export const Route = createFileRoute('/verify')({
  loader: () => loadArea('receipt'),
  component: VerifyPage,
});

function VerifyPage() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      <VerifyScreen />
    </div>
  );
}
