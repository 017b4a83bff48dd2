import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { getSupplierId, getToken } from '@/api/session';
import type { OutboxEntry } from '@/offline/db';
import { deadlineState } from '@/offline/deadline';
import { useConnectivity, useOutbox } from '@/offline/use-outbox';
import { WarningIcon } from '@/ui/deadline-notice';
import { ProgressBar } from '@/ui/progress-bar';
import { useNow } from '@/ui/use-now';

export type SyncStatusVariant = 'inline' | 'strip';

/**
 * Unsent entries near or past their deadline (any status: a paused or failed one needs the
 * user even more). Past ones are said first: they are the more urgent news.
 */
function DeadlineWarning({ entries }: { entries: OutboxEntry[] }) {
  const now = useNow(60_000);
  const states = entries.map((entry) => deadlineState(entry, now));
  const passed = states.filter((state) => state === 'passed').length;
  const near = states.filter((state) => state === 'near').length;
  if (passed === 0 && near === 0) return null;
  return (
    <Link
      to="/pending"
      className="badge badge-red min-h-8 shrink-0 whitespace-nowrap hover:bg-red-100"
      data-testid="deadline-warning"
      data-deadline={passed > 0 ? 'passed' : 'near'}
    >
      <WarningIcon className="size-3.5" />
      {passed > 0 ? <Trans>{passed} 条已过截止时间</Trans> : <Trans>{near} 条临近截止</Trans>}
    </Link>
  );
}

function Indicator({ variant }: { variant: SyncStatusVariant }) {
  const { t } = useLingui();
  const { online, syncing, progress } = useConnectivity();
  const { entries, waitingCount, attentionCount } = useOutbox();
  const done = progress?.done ?? 0;
  const total = progress?.total ?? 0;
  const showBar = syncing && total > 0;
  const strip = variant === 'strip';
  // On phones the header has no room: a strip under it appears only when there is something to say.
  const quiet = online && waitingCount + attentionCount === 0 && !showBar;

  return (
    <div
      role="status"
      aria-live="polite"
      data-testid={`sync-status-${variant}`}
      className={
        strip
          ? `relative items-center justify-between gap-3 border-t border-slate-200 px-4 py-1.5 text-xs sm:hidden ${quiet ? 'hidden' : 'flex'} ${online ? 'bg-white' : 'bg-slate-100'}`
          : 'flex shrink-0 items-center gap-2 text-xs'
      }
    >
      <span
        className={`inline-flex shrink-0 items-center gap-1.5 font-medium whitespace-nowrap ${online ? 'text-brand-800' : 'text-slate-700'}`}
      >
        <span aria-hidden="true" className={`size-2.5 rounded-full ${online ? 'bg-brand-600' : 'bg-slate-400 ring-2 ring-slate-200'}`} />
        {online ? t`在线` : t`离线`}
      </span>
      {waitingCount > 0 ? (
        <Link to="/pending" className="badge badge-amber min-h-8 shrink-0 whitespace-nowrap hover:bg-amber-100" data-testid="pending-count">
          <Trans>{waitingCount} 条待发送</Trans>
        </Link>
      ) : null}
      {/* Refused by the bid service: never sent by waiting, so never counted as waiting. */}
      {attentionCount > 0 ? (
        <Link to="/pending" className="badge badge-red min-h-8 shrink-0 whitespace-nowrap hover:bg-red-100" data-testid="attention-count">
          <Trans>{attentionCount} 条需要处理</Trans>
        </Link>
      ) : null}
      <DeadlineWarning entries={entries} />
      {showBar && strip ? (
        <ProgressBar
          className="absolute inset-x-0 bottom-0 h-0.5 rounded-none"
          value={done}
          max={total}
          label={t`正在同步：${done} / ${total}`}
        />
      ) : null}
      {/* The bar is as wide as its box (w-full): a box of its own keeps it from taking the row's width from the texts. */}
      {showBar && !strip ? (
        <span className="w-16 shrink-0">
          <ProgressBar value={done} max={total} label={t`正在同步：${done} / ${total}`} />
        </span>
      ) : null}
    </div>
  );
}

/**
 * Connectivity and what waits to be sent, in the shell on every screen: inline in the header
 * from `sm` up, a strip under the header on phones. The owners whose entries count change at
 * login and logout, which the outbox does not hear of: the indicator starts afresh when the
 * session does (checked on every navigation).
 */
export default function SyncStatus({ variant = 'inline' }: { variant?: SyncStatusVariant }) {
  useRouterState({ select: (s) => s.location.pathname });
  const session = getToken() ? (getSupplierId() ?? '') : '';
  return <Indicator key={session} variant={variant} />;
}
