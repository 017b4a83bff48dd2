import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { getLoginInfo, getSupplierInfo } from '@/api/session';

/** Greets the supplier by name with its status, from the session cookies (no call needed). */
export function WelcomeHeader() {
  const [who] = useState(() => {
    const login = getLoginInfo();
    return {
      name: login?.userInfo.supplierName || login?.username || '',
      contact: login?.userInfo.contactName ?? '',
      status: getSupplierInfo()?.status ?? login?.status ?? '',
    };
  });
  return (
    <header className="card flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm text-slate-500">
          {who.contact ? <Trans>欢迎回来，{who.contact}</Trans> : <Trans>欢迎回来</Trans>}
        </p>
        <h1 className="mt-1 break-words">{who.name || <Trans>供应商工作台</Trans>}</h1>
      </div>
      {who.status && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Trans>供应商状态</Trans>
          <span className="badge badge-green">{who.status}</span>
        </p>
      )}
    </header>
  );
}
