import type { VisitPass, VisitorPerson } from '@contract/schemas/visitor';
import { visitorOwner, type OutboxEntry } from '@/offline/db';
import { enqueue, EntryNotMendableError, isMendable } from '@/offline/outbox';

export const visitorThread = (phone: string) => `visitor:${phone}`;

/** The end of the pass's window (epoch ms): the bid service refuses the pass from then on (passExpired). */
const passDeadline = (pass: Pick<VisitPass, 'validUntil'>): number | null => {
  const until = Date.parse(pass.validUntil);
  return Number.isFinite(until) ? until : null;
};

/**
 * Queues the visitor information (`/h5/savePersonnelEntity`), owned by the phone: no token
 * needed, the signed pass travels in the body. Sent by the sync engine, once (idempotency
 * key). A stopped or untried entry of the same phone is replaced rather than queued behind:
 * only the latest information matters, and a failed entry would block its thread. The entry's
 * deadline is the end of the pass: the outbox warns when it nears, as for a tender's cut-off.
 */
export async function queueVisitorPerson(pass: VisitPass, person: VisitorPerson, summary: string, waiting: OutboxEntry[]): Promise<string> {
  const input = {
    owner: visitorOwner(pass.phone),
    thread: visitorThread(pass.phone),
    call: 'h5SavePersonnelEntity',
    payload: { pass: pass.pass, person },
    deadline: passDeadline(pass),
    summary,
  } as const;
  const previous = waiting.find((e) => e.call === input.call && e.thread === input.thread && isMendable(e));
  if (previous) {
    try {
      return (await enqueue({ ...input, replaces: previous.id })).id;
    } catch (error) {
      // Picked up by the sync engine meanwhile: queue a new one behind it.
      if (!(error instanceof EntryNotMendableError)) throw error;
    }
  }
  return (await enqueue(input)).id;
}
