import type { OutboxEntry } from '@/offline/db';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { discard, retry } from '@/offline/outbox';
import { useConnectivity } from '@/offline/use-outbox';
import { confirmDialog } from '@/ui/confirm';
import { formatDateTime } from '@/ui/format';

/**
 * Rendered inside a polite live region by the form. Where the visitor's submitted information stands:
 * waiting, sending, refused (with the server's words) or sent.
 */
export function SubmissionStatus({ entry, sent, onDiscarded }: { entry: OutboxEntry | undefined; sent: boolean; onDiscarded: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const { online } = useConnectivity();

  if (!entry) {
    return sent ? (
      <p className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
        <Trans>提交成功</Trans>
      </p>
    ) : null;
  }

  if (entry.status === 'failed' || entry.status === 'paused') {
    const act = async (what: 'retry' | 'discard') => {
      if (what === 'discard') {
        const ok = await confirmDialog({
          title: t`放弃提交`,
          message: t`放弃后这次填写的访客信息不会提交。确定放弃吗？`,
          confirmLabel: t`放弃`,
          danger: true,
        });
        if (!ok) return;
      }
      setBusy(true);
      try {
        if (what === 'retry') await retry(entry.id);
        else {
          await discard(entry.id);
          onDiscarded();
        }
      } finally {
        setBusy(false);
      }
    };
    const reason = entry.lastError?.message ?? t`未知错误`;
    return (
      <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        <p className="font-medium">
          <Trans>提交失败：{reason}</Trans>
        </p>
        <p className="text-red-700">
          <Trans>可以修改后重新提交，或者重试、放弃。</Trans>
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void act('retry')}>
            <Trans>重试</Trans>
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm text-red-700 hover:bg-red-100"
            disabled={busy}
            onClick={() => void act('discard')}
          >
            <Trans>放弃</Trans>
          </button>
        </div>
      </div>
    );
  }

  const attempts = entry.attempts;
  const nextTry = formatDateTime(new Date(entry.nextAttemptAt).toISOString());
  // Online, a new entry goes at once: it is being submitted, not waiting for a network the
  // device has. One that failed to reach the service waits for its next try.
  const words =
    entry.status === 'sending' || (online && attempts === 0) ? (
      <Trans>正在提交…</Trans>
    ) : online ? (
      <Trans>已保存，将自动重试提交</Trans>
    ) : (
      <Trans>已保存，将在联网后提交</Trans>
    );
  return (
    <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {words}
      {entry.status === 'queued' && attempts > 0 ? (
        <span className="mt-0.5 block text-xs text-amber-800">
          <Trans>
            已尝试 {attempts} 次，下次尝试：{nextTry}
          </Trans>
        </span>
      ) : null}
    </p>
  );
}
