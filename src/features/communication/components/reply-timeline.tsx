import type { CommunicationReply } from '@contract/schemas/communication';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DateTime } from '@/ui/date-time';
import { FileDownloadButton } from '@/ui/file-download-button';
import { useKeepReceipts } from '@/offline/use-receipts';
import { ReceiptDisclosure } from '@/ui/receipt-list';

/** The reply history, oldest first; `pending` (the outbox's unsent replies) follows at the end. */
export function ReplyTimeline({ replies, pending }: { replies: CommunicationReply[]; pending?: ReactNode }) {
  useKeepReceipts(replies.flatMap((reply) => (reply.receipt ? [reply.receipt] : [])));
  return (
    <ol className="relative space-y-4 before:absolute before:top-2 before:bottom-2 before:left-[7px] before:w-px before:bg-slate-200">
      {replies.map((reply, index) => (
        <TimelineItem
          key={reply.id}
          tone={reply.side === 'buyer' ? 'buyer' : 'supplier'}
          heading={
            <>
              <span className="font-medium text-slate-900">{reply.sponsor}</span>
              <span className={`badge ${reply.side === 'buyer' ? 'badge-amber' : 'badge-green'}`}>
                {reply.side === 'buyer' ? <Trans>采购方</Trans> : <Trans>我方</Trans>}
              </span>
              {index === 0 ? (
                <span className="text-xs text-slate-500">
                  <Trans>发起问题</Trans>
                </span>
              ) : null}
            </>
          }
          date={<DateTime value={reply.createdAt} className="text-xs text-slate-500" />}
        >
          <p className="break-words whitespace-pre-wrap text-slate-800">{reply.detail}</p>
          {reply.attachments.length > 0 ? (
            <AttachmentList>
              {reply.attachments.map((file, i) => (
                <li key={`${file.path}-${i}`}>
                  <FileDownloadButton file={file} />
                </li>
              ))}
            </AttachmentList>
          ) : null}
          <ReceiptDisclosure receipt={reply.receipt} />
        </TimelineItem>
      ))}
      {pending}
    </ol>
  );
}

const DOT = {
  supplier: 'bg-brand-600',
  buyer: 'bg-amber-500',
  pending: 'border-2 border-slate-400 bg-white',
  failed: 'bg-red-600',
} as const;

export function TimelineItem({
  tone,
  heading,
  date,
  children,
}: {
  tone: keyof typeof DOT;
  heading: ReactNode;
  date?: ReactNode;
  children: ReactNode;
}) {
  const frame =
    tone === 'failed'
      ? 'border-red-200 bg-red-50/40'
      : tone === 'pending'
        ? 'border-dashed border-slate-300 bg-slate-50'
        : 'border-slate-200 bg-white';
  return (
    <li className="relative pl-7">
      <span className={`absolute top-4 left-0.5 size-3 rounded-full ring-4 ring-white ${DOT[tone]}`} aria-hidden="true" />
      <article className={`rounded-lg border p-4 text-sm ${frame}`}>
        <header className="mb-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">{heading}</div>
          {date}
        </header>
        {children}
      </article>
    </li>
  );
}

function AttachmentList({ children }: { children: ReactNode }) {
  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <p className="mb-1 text-xs font-medium text-slate-500">
        <Trans>附件</Trans>
      </p>
      <ul className="space-y-1">{children}</ul>
    </div>
  );
}
