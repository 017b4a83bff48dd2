import type { VisitPass, VisitorPerson } from '@contract/schemas/visitor';
import { visitorOwner, type OutboxEntry } from '@/offline/db';
import { edit, enqueue } from '@/offline/outbox';

export const visitorThread = (phone: string) => `visitor:${phone}`;

/** An entry the bid service surely has not applied: its body may still be replaced. */
const replaceable = (e: OutboxEntry) => e.status === 'failed' || e.status === 'paused' || (e.status === 'queued' && e.attempts === 0);

/**
 * Queues the visitor information (`/h5/savePersonnelEntity`), owned by the phone: no token
 * needed, the signed pass travels in the body. Sent by the sync engine, once (idempotency
 * key). A stopped or untried entry of the same phone is replaced rather than queued behind:
 * only the latest information matters, and a failed entry would block its thread.
 */
export async function queueVisitorPerson(pass: VisitPass, person: VisitorPerson, summary: string, waiting: OutboxEntry[]): Promise<string> {
  const payload = { pass: pass.pass, person };
  const previous = waiting.find((e) => e.call === 'h5SavePersonnelEntity' && e.thread === visitorThread(pass.phone) && replaceable(e));
  if (previous) {
    try {
      await edit(previous.id, payload);
      return previous.id;
    } catch {
      // Picked up by the sync engine meanwhile: queue a new one behind it.
    }
  }
  const entry = await enqueue({ owner: visitorOwner(pass.phone), thread: visitorThread(pass.phone), call: 'h5SavePersonnelEntity', payload, summary });
  return entry.id;
}
