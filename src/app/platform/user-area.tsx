import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { logout } from './logout';

/** Who is logged in, and the way out. */
export function UserArea({ supplierName, username }: { supplierName?: string; username?: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const onLogout = async () => {
    setBusy(true);
    try {
      if (await logout(queryClient)) await navigate({ to: '/login' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex items-center justify-between gap-3 lg:flex-col lg:items-stretch">
      <div className="flex min-w-0 items-center gap-3">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
          aria-hidden="true"
        >
          {(supplierName || username || '?').slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-900" title={supplierName}>
            {supplierName || t`供应商`}
          </p>
          {username ? <p className="truncate text-xs text-slate-500">{username}</p> : null}
        </div>
      </div>
      <button type="button" className="btn btn-secondary shrink-0" onClick={() => void onLogout()} disabled={busy} aria-busy={busy}>
        <svg width="16" height="16" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          <path d="M8 4H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3M13 6.5 16.5 10 13 13.5M16.5 10H8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <Trans>退出登录</Trans>
      </button>
    </div>
  );
}
