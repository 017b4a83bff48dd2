import type { OutboxEntry, UploadRecord } from '@/offline/db';
import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import { supplierOwner } from '@/offline/db';
import { useOutbox } from '@/offline/use-outbox';
import { DateTime } from '@/ui/date-time';
import { replyThread } from '../api/reply-communication';
import { PendingActions, PendingFiles, PendingStatus } from './pending-entries';
import { TimelineItem } from './reply-timeline';

export interface PendingReplyView {
  entries: OutboxEntry[];
  uploads: Record<string, UploadRecord[]>;
}

/** This supplier's replies to this thread that are still in the outbox (live). */
export function usePendingReplies(supplierId: string, communicationId: string): PendingReplyView {
  const owners = useMemo(() => [supplierOwner(supplierId)], [supplierId]);
  const { entries, uploads } = useOutbox(owners);
  const thread = replyThread(communicationId);
  return { entries: entries.filter((entry) => entry.thread === thread && entry.call === 'communicationReply'), uploads };
}

/**
 * Timeline items for unsent replies, marked as waiting or failed, with retry and discard; `sponsor`
 * the supplier's contact, who wrote them.
 */
export function PendingReplyItems({ entries, uploads, sponsor }: PendingReplyView & { sponsor: string }) {
  return entries.map((entry) => (
    <TimelineItem
      key={entry.id}
      tone={entry.status === 'failed' ? 'failed' : 'pending'}
      heading={
        <>
          <span className="font-medium text-slate-900">{sponsor || <Trans>我方</Trans>}</span>
          <PendingStatus entry={entry} />
        </>
      }
      date={<DateTime value={new Date(entry.createdAt).toISOString()} className="text-xs text-slate-500" />}
    >
      <p className="break-words whitespace-pre-wrap text-slate-700">{String(entry.payload.detail ?? '')}</p>
      <PendingFiles uploads={uploads[entry.id] ?? []} />
      <PendingActions entry={entry} />
    </TimelineItem>
  ));
}
