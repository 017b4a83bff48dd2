import type { OutboxEntry, UploadRecord } from '@/offline/db';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEntryActions } from '@/offline/use-entry-actions';
import { confirmDialog } from '@/ui/confirm';
import { formatBytes } from '@/ui/file-upload';
import { formatDateTime } from '@/ui/format';

/** Where an unsent entry stands, in words; `failed` carries the server's message. */
export function PendingStatus({ entry }: { entry: OutboxEntry }) {
  switch (entry.status) {
    case 'failed': {
      const reason = entry.lastError?.message ?? '';
      return (
        <span className="badge badge-red whitespace-normal">{reason ? <Trans>发送失败：{reason}</Trans> : <Trans>发送失败</Trans>}</span>
      );
    }
    case 'sending':
      return (
        <span className="badge badge-green">
          <Trans>发送中…</Trans>
        </span>
      );
    case 'paused':
      return (
        <span className="badge badge-amber">
          <Trans>待发送（重新登录后发送）</Trans>
        </span>
      );
    default:
      return (
        <span className="badge badge-amber">
          <Trans>待发送</Trans>
        </span>
      );
  }
}

/** The files of an unsent entry with their upload progress. */
export function PendingFiles({ uploads }: { uploads: UploadRecord[] }) {
  const { t } = useLingui();
  if (uploads.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2 border-t border-slate-200 pt-3" aria-label={t`附件`}>
      {uploads.map((upload) => {
        const percent = upload.size > 0 ? Math.round((upload.uploadedBytes / upload.size) * 100) : upload.status === 'done' ? 100 : 0;
        const name = upload.name;
        return (
          <li key={upload.id} className="text-xs text-slate-600">
            <div className="flex items-center justify-between gap-3">
              <span className="min-w-0 truncate" title={name}>
                {name}
              </span>
              <span className="shrink-0 tabular-nums">
                {formatBytes(upload.size)} · {percent}%
              </span>
            </div>
            <progress className="mt-1 h-1.5 w-full accent-brand-600" max={100} value={percent} aria-label={t`${name} 上传进度`} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Mend (a refused reply in the reply form, a refused new thread in the new-thread form), retry (a
 * failed or paused entry, now) and discard (after a confirmation) of one unsent entry.
 */
export function PendingActions({ entry }: { entry: OutboxEntry }) {
  const { t } = useLingui();
  const { busy, retry, discardIfConfirmed } = useEntryActions(entry);
  if (entry.status === 'sending') return null;

  const askDiscard = () =>
    discardIfConfirmed(() =>
      confirmDialog({
        title: t`放弃发送`,
        message: t`这条内容还没有发送，放弃后将从本设备删除，无法恢复。确定放弃吗？`,
        confirmLabel: t`放弃`,
        danger: true,
      }),
    );
  const created = formatDateTime(new Date(entry.createdAt).toISOString());

  return (
    <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
      {entry.status === 'failed' && entry.call === 'communicationReply' ? (
        // Refused: opened in the reply form with its text and files, sent again in its place.
        <Link
          to="/platform/communicateRecord/$id"
          params={{ id: String(entry.payload.communicationId) }}
          search={{ mend: entry.id }}
          className="btn btn-primary btn-sm"
          aria-label={t`修改 ${created} 的内容`}
        >
          <Trans>修改</Trans>
        </Link>
      ) : null}
      {entry.status === 'failed' && entry.call === 'communicationSave' ? (
        <Link
          to="/platform/communicateRecord/new"
          search={{ mend: entry.id }}
          className="btn btn-primary btn-sm"
          aria-label={t`修改 ${created} 的内容`}
        >
          <Trans>修改</Trans>
        </Link>
      ) : null}
      {entry.status === 'failed' || entry.status === 'paused' ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy}
          onClick={() => void retry()}
          aria-label={t`重试发送 ${created} 的内容`}
        >
          <Trans>重试</Trans>
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-ghost btn-sm text-red-700 hover:bg-red-50"
        disabled={busy}
        onClick={() => void askDiscard()}
        aria-label={t`放弃 ${created} 的内容`}
      >
        <Trans>放弃</Trans>
      </button>
    </div>
  );
}
