import type { CommunicationPriority } from '@contract/schemas/communication';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { supplierOwner } from '@/offline/db';
import { useOutbox } from '@/offline/use-outbox';
import { DateTime } from '@/ui/date-time';
import { NEW_COMMUNICATION_THREAD } from '../api/save-communication';
import { PriorityBadge } from './communication-badges';
import { PendingActions, PendingFiles, PendingStatus } from './pending-entries';

/** New threads still in the outbox: they have no question number yet, so they sit above the list. */
export function PendingCommunications({ supplierId }: { supplierId: string }) {
  const { t } = useLingui();
  const owners = useMemo(() => [supplierOwner(supplierId)], [supplierId]);
  const { entries, uploads } = useOutbox(owners);
  const waiting = entries.filter((entry) => entry.thread === NEW_COMMUNICATION_THREAD && entry.call === 'communicationSave');
  if (waiting.length === 0) return null;

  return (
    <section className="card mb-4 space-y-3 sm:mb-6" aria-labelledby="pending-communications-title">
      <h2 id="pending-communications-title">
        <Trans>待发送的沟通</Trans>
      </h2>
      <ul className="space-y-3" aria-label={t`待发送的沟通`}>
        {waiting.map((entry) => {
          const priority = entry.payload.priority as CommunicationPriority | undefined;
          return (
            <li
              key={entry.id}
              className={`rounded-lg border p-4 text-sm ${entry.status === 'failed' ? 'border-red-200 bg-red-50/40' : 'border-dashed border-slate-300 bg-slate-50'}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="min-w-0 break-words">{String(entry.payload.topic ?? '')}</h3>
                <PendingStatus entry={entry} />
              </div>
              <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-500">
                {priority ? <PriorityBadge priority={priority} /> : null}
                {entry.payload.sourceNo ? <span className="tabular-nums">{String(entry.payload.sourceNo)}</span> : null}
                <DateTime value={new Date(entry.createdAt).toISOString()} className="text-xs" />
              </div>
              <p className="mt-2 line-clamp-3 break-words whitespace-pre-wrap text-slate-700">{String(entry.payload.content ?? '')}</p>
              <PendingFiles uploads={uploads[entry.id] ?? []} />
              <PendingActions entry={entry} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
