import type { OutboxEntry, UploadRecord } from '@/offline/db';
import { Trans, useLingui } from '@lingui/react/macro';
import { deadlineState } from '@/offline/deadline';
import { useEntryActions } from '@/offline/use-entry-actions';
import { confirmDialog } from '@/ui/confirm';
import { DateTime } from '@/ui/date-time';
import { DeadlineNotice } from '@/ui/deadline-notice';
import { CALL_LABEL, reasonOf, STATUS_BADGE, STATUS_LABEL } from '../entry-labels';
import { EntryFiles } from './entry-files';
import { MendLink } from './mend-link';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One waiting write: what it is, where it stands, its deadline, why it stopped, its files
 * (downloadable) and what the user can do. A write past its deadline stays: the bid service
 * decides, and its refusal shows as the reason like any other.
 */
export function PendingEntry({ entry, uploads, now }: { entry: OutboxEntry; uploads: UploadRecord[]; now: number }) {
  const { t, i18n } = useLingui();
  const { busy, retry, discardIfConfirmed } = useEntryActions(entry);
  const owner = entry.owner.startsWith('visitor:') ? t`访客 ${entry.owner.slice('visitor:'.length)}` : t`当前供应商账号`;
  const described = entry.lastError ? reasonOf(entry.lastError) : null;
  const reason = described === null ? '' : typeof described === 'string' ? described : i18n._(described);
  const canRetry = entry.status === 'failed' || entry.status === 'paused';
  const waitsForRetry = entry.status === 'queued' && entry.attempts > 0 && entry.nextAttemptAt > now;
  const deadline = deadlineState(entry, now);

  const onDiscard = () =>
    discardIfConfirmed(() =>
      confirmDialog({
        title: t`放弃发送`,
        message: t`“${entry.summary}”将从本设备删除，不会再发送，也无法恢复。确定放弃吗？`,
        confirmLabel: t`放弃发送`,
        danger: true,
      }),
    );

  return (
    <li className="card" aria-labelledby={`entry-${entry.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs text-slate-500">
            {i18n._(CALL_LABEL[entry.call])} · {owner}
          </p>
          <h2 id={`entry-${entry.id}`} className="mt-0.5 text-base font-semibold break-words text-slate-900">
            {entry.summary}
          </h2>
        </div>
        <span className={STATUS_BADGE[entry.status]}>{i18n._(STATUS_LABEL[entry.status])}</span>
      </div>

      {reason ? (
        <p
          className={`mt-3 rounded-lg border px-3 py-2 text-sm ${entry.status === 'queued' ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-red-200 bg-red-50 text-red-800'}`}
        >
          {entry.status === 'queued' ? <Trans>上次发送未成功：{reason}。将自动重试。</Trans> : <Trans>原因：{reason}</Trans>}
        </p>
      ) : null}

      <DeadlineNotice state={deadline} className="mt-3" />

      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">
          <Trans>保存时间</Trans>
        </dt>
        <dd className="text-slate-800">
          <DateTime value={iso(entry.createdAt)} />
        </dd>
        <dt className="text-slate-500">
          <Trans>尝试次数</Trans>
        </dt>
        <dd className="text-slate-800 tabular-nums">{entry.attempts}</dd>
        {entry.deadline !== null ? (
          <>
            <dt className="text-slate-500">
              <Trans>截止时间</Trans>
            </dt>
            <dd className={deadline === 'none' ? 'text-slate-800' : 'font-medium text-red-800'}>
              <DateTime value={iso(entry.deadline)} />
            </dd>
          </>
        ) : null}
        {waitsForRetry ? (
          <>
            <dt className="text-slate-500">
              <Trans>下次尝试</Trans>
            </dt>
            <dd className="text-slate-800">
              <DateTime value={iso(entry.nextAttemptAt)} />
            </dd>
          </>
        ) : null}
      </dl>

      <EntryFiles entry={entry} uploads={uploads} />

      {entry.status !== 'sending' ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <MendLink entry={entry} />
          {canRetry ? (
            <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void retry()}>
              <Trans>重试</Trans>
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-ghost btn-sm text-red-700 hover:bg-red-50"
            disabled={busy}
            onClick={() => void onDiscard()}
          >
            <Trans>放弃</Trans>
          </button>
        </div>
      ) : null}
    </li>
  );
}
