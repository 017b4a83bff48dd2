import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { getSupplierId, getToken } from '@/api/session';
import { useConnectivity, useOutbox } from '@/offline/use-outbox';
import { ProgressBar } from '@/ui/progress-bar';

function Indicator() {
  const { t } = useLingui();
  const { online, syncing, progress } = useConnectivity();
  const { pendingCount } = useOutbox();
  const done = progress?.done ?? 0;
  const total = progress?.total ?? 0;

  return (
    <div role="status" aria-live="polite" className="flex shrink-0 items-center gap-2 text-xs" data-testid="sync-status">
      <span className={`inline-flex items-center gap-1.5 font-medium ${online ? 'text-brand-800' : 'text-slate-700'}`}>
        <span aria-hidden="true" className={`size-2.5 rounded-full ${online ? 'bg-brand-600' : 'bg-slate-400 ring-2 ring-slate-200'}`} />
        {/* Online is the usual case: on phones only the dot shows it; offline is always spelled out. */}
        <span className={online ? 'sr-only sm:not-sr-only' : undefined}>{online ? t`在线` : t`离线`}</span>
      </span>
      {pendingCount > 0 ? (
        <Link to="/pending" className="badge badge-amber min-h-8 hover:bg-amber-100" data-testid="pending-count">
          <Trans>{pendingCount} 条待发送</Trans>
        </Link>
      ) : null}
      {syncing && total > 0 ? <ProgressBar className="w-12 sm:w-16" value={done} max={total} label={t`正在同步：${done} / ${total}`} /> : null}
    </div>
  );
}

/**
 * Connectivity and what waits to be sent, in the shell on every screen. The owners whose
 * entries count change at login and logout, which the outbox does not hear of: the indicator
 * starts afresh when the session does (checked on every navigation).
 */
export function SyncStatus() {
  useRouterState({ select: (s) => s.location.pathname });
  const session = getToken() ? (getSupplierId() ?? '') : '';
  return <Indicator key={session} />;
}

export default SyncStatus;
