import type { OutboxEntry } from '@/offline/db';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { deadlineState } from '@/offline/deadline';
import { DeadlineNotice } from '@/ui/deadline-notice';
import { LeadIn } from '@/ui/lead-in';
import { OUTBOX_CALL_LABEL } from '../tender-labels';
import { isTenderOutboxCall } from '../tender-thread';

/** Where a waiting write stands: saved here, sending, waiting for a login, or refused with the server's reason. */
function StatusText({ entry }: { entry: OutboxEntry }) {
  switch (entry.status) {
    case 'failed': {
      const reason = entry.lastError?.message ?? '';
      return reason ? <Trans>发送失败：{reason}</Trans> : <Trans>发送失败</Trans>;
    }
    case 'sending':
      return <Trans>发送中…</Trans>;
    case 'paused':
      return <Trans>已保存在本设备，重新登录后发送</Trans>;
    default:
      return <Trans>已保存在本设备，等待发送</Trans>;
  }
}

/**
 * Refused: the write opens in its own form (the deposit or refund dialog, the bid page, in replace
 * mode for a replacement) with what it held, to correct and send again. A refused withdrawal holds
 * nothing to correct: /pending retries or discards it.
 */
function MendLink({ entry }: { entry: OutboxEntry }) {
  const tenderId = entry.payload.tenderRecordId;
  if (typeof tenderId !== 'string' || !tenderId) return null;
  const text = <Trans>修改后重新提交</Trans>;
  switch (entry.call) {
    case 'tenderPayDeposit':
    case 'tenderApplyRefund':
      return (
        <Link
          to="/platform/tenderManagement"
          search={{ tenderId, action: entry.call === 'tenderPayDeposit' ? 'deposit' : 'refund', mend: entry.id }}
          className="link font-medium"
        >
          {text}
        </Link>
      );
    case 'tenderSubmitBid':
    case 'tenderReplaceBid':
      return (
        <Link
          to="/platform/tenderManagement/$id/bid"
          params={{ id: tenderId }}
          search={entry.call === 'tenderReplaceBid' ? { mend: entry.id, replace: true } : { mend: entry.id }}
          className="link font-medium"
        >
          {text}
        </Link>
      );
    default:
      return null;
  }
}

/**
 * A record's writes still in the outbox, shown on the record itself: what, where it stands,
 * the deadline warning (less than 24 h left, or passed), the way to mend a refused write in
 * its form, and the way to the pending page (retry, discard).
 */
export function PendingNote({ entries, now }: { entries: OutboxEntry[]; now: number }) {
  const { i18n } = useLingui();
  if (entries.length === 0) return null;
  return (
    <ul className="space-y-2">
      {entries.map((entry) => {
        const failed = entry.status === 'failed';
        return (
          <li
            key={entry.id}
            className={`rounded-lg border px-3 py-2 text-sm ${failed ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-slate-50 text-slate-800'}`}
          >
            <p className="break-words">
              <LeadIn
                label={
                  <span className="font-medium">
                    {isTenderOutboxCall(entry.call) ? i18n._(OUTBOX_CALL_LABEL[entry.call]) : entry.summary}
                  </span>
                }
              >
                <span>
                  <StatusText entry={entry} />
                </span>
              </LeadIn>
            </p>
            {/* The same words as /pending; `now` is the bid service's clock, which judges the cut-off. */}
            <DeadlineNotice state={deadlineState(entry, now)} className="mt-2" />
            <div className="mt-1 flex flex-wrap gap-x-4">
              {failed ? <MendLink entry={entry} /> : null}
              <Link to="/pending" className="link">
                <Trans>查看待发送内容</Trans>
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
