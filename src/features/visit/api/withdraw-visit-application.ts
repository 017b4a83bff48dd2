import { calls } from '@contract/calls';
import { request } from '@/api/request';
import { newIdempotencyKey } from '@/offline/ids';
import { withClock } from '@/ui/server-clock';

/**
 * Withdraws a pending application. A click, not typed work: it is sent now (online only), with
 * an idempotency key so a retry after a lost answer withdraws once. The server's refusal (already
 * approved or returned) is shown by the request layer's toast.
 */
export const withdrawVisitApplication = async (id: string, idempotencyKey: string = newIdempotencyKey()) =>
  withClock(await request(calls.visitApplyWithdraw, { id }, { idempotencyKey }));
