import { createFileRoute } from '@tanstack/react-router';
import { VisitorScreen } from '@/features/visitor/components/visitor-screen';

type VisitorSearch = { phone?: string };

export const Route = createFileRoute('/visitor')({
  // The router reads `?phone=139...` as a number: accept either form.
  validateSearch: (raw: Record<string, unknown>): VisitorSearch => {
    const phone = typeof raw.phone === 'number' || typeof raw.phone === 'string' ? String(raw.phone) : '';
    return /^\d{11}$/.test(phone) ? { phone } : {};
  },
  component: VisitorPage,
});

function VisitorPage() {
  const { phone } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6 sm:py-10">
      <VisitorScreen phone={phone} onPhoneChange={(next) => void navigate({ search: { phone: next }, replace: true })} />
    </div>
  );
}
