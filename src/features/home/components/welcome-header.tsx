import { Trans } from '@lingui/react/macro';
import type { SupplierSession } from '@/api/session';

export type Greeting = Pick<SupplierSession, 'supplierName' | 'contactName' | 'username' | 'status'>;

/** Greets the supplier by name with its status, from the session the platform guard read (no call needed). */
export function WelcomeHeader({ session }: { session: Greeting }) {
  const name = session.supplierName || session.username;
  return (
    <header className="card flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm text-slate-500">
          {session.contactName ? <Trans>欢迎回来，{session.contactName}</Trans> : <Trans>欢迎回来</Trans>}
        </p>
        <h1 className="mt-1 break-words">{name || <Trans>供应商工作台</Trans>}</h1>
      </div>
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Trans>供应商状态</Trans>
        <span className="badge badge-green">{session.status}</span>
      </p>
    </header>
  );
}
