import type { EnquiryDetail } from '@contract/schemas/enquiry';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { OutboxEntry } from '@/offline/db';
import { deadlineState } from '@/offline/deadline';
import { useEntryActions } from '@/offline/use-entry-actions';
import { confirmDialog } from '@/ui/confirm';
import { DeadlineNotice } from '@/ui/deadline-notice';
import { queuedQuote, quoteEntryState } from '../quote/quote-thread';

interface QuoteEntryNoteProps {
  entry: OutboxEntry;
  enquiry: Pick<EnquiryDetail, 'round'>;
  /** The bid service's clock: the round's deadline is judged by it. */
  now: number;
  /** Offered for a quote refused because the buyer opened a newer round, while that round's form is open. */
  onCopy?: (entry: OutboxEntry) => void;
}

/**
 * A quote still on the device, shown on its enquiry: waiting (with the deadline warning of the
 * outbox), paused until the supplier logs in, or refused with the bid service's message and
 * kept. A quote refused because a new round opened is never applied to that round: the
 * supplier copies its prices into the new round's form, and the quote sent from there replaces it.
 */
export function QuoteEntryNote({ entry, enquiry, now, onCopy }: QuoteEntryNoteProps) {
  const { t } = useLingui();
  const { busy, discardIfConfirmed } = useEntryActions(entry);
  const state = quoteEntryState(entry, enquiry);
  const round = queuedQuote(entry).round;
  const current = enquiry.round;
  const reason = entry.lastError?.message ?? '';
  const stopped = state === 'stopped' || state === 'roundChanged';
  const summary = entry.summary;

  const onDiscard = () =>
    discardIfConfirmed(() =>
      confirmDialog({
        title: t`放弃报价`,
        message: t`“${summary}”将从本设备删除，不会再发送，也无法恢复。确定放弃吗？`,
        confirmLabel: t`放弃发送`,
        danger: true,
      }),
    );

  return (
    <div
      className={`rounded-lg border px-3 py-2 text-sm ${stopped ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-slate-50 text-slate-800'}`}
      data-testid="quote-entry"
      data-state={state}
    >
      <p className="font-medium break-words">{summary}</p>
      <p className="mt-0.5 break-words">
        {state === 'waiting' ? (
          entry.status === 'sending' ? (
            <Trans>第 {round} 轮报价发送中…</Trans>
          ) : (
            <Trans>第 {round} 轮报价已保存在本设备，联网后自动提交</Trans>
          )
        ) : state === 'paused' ? (
          <Trans>第 {round} 轮报价已保存在本设备，重新登录后提交</Trans>
        ) : reason ? (
          <Trans>
            第 {round} 轮报价未被受理：{reason}
          </Trans>
        ) : (
          <Trans>第 {round} 轮报价未被受理</Trans>
        )}
      </p>
      {stopped ? null : <DeadlineNotice state={deadlineState(entry, now)} className="mt-2" />}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {state === 'roundChanged' && onCopy && round < current ? (
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => onCopy(entry)}>
            <Trans>将这些价格复制到第 {current} 轮</Trans>
          </button>
        ) : null}
        {stopped ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm text-red-700 hover:bg-red-50"
            disabled={busy}
            onClick={() => void onDiscard()}
          >
            <Trans>放弃这份报价</Trans>
          </button>
        ) : null}
        <Link to="/pending" className="link">
          <Trans>查看待发送内容</Trans>
        </Link>
      </div>
    </div>
  );
}
