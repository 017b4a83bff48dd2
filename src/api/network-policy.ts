import type { CallMeta } from '@contract/calls';

/**
 * What a network failure (no answer, or an HTTP error without an envelope) shows, decided here
 * for every call rather than by a flag at each call site:
 * - `none`: nobody waits on the call in person (the outbox's sends), or it is a read: the screen
 *   that shows a read has something to stand in for it (the answer stored on the device, or its
 *   own failed state with a retry), so a blocking alert would only hide what it can show.
 * - `offline`: a person is waiting on the call and the device says it has no network: a plain
 *   word that it needs a connection (the form keeps what was typed), not an alert to call the
 *   administrator about a network that is simply not there.
 * - `alert`: a person is waiting, the device is online and the bid service could not be reached:
 *   the alert of SPEC.md section 8 ("-100 … contact the administrator"), e.g. logging in or
 *   changing a password while the service is down.
 * The outbox carries a user's writes offline, so the calls left to `offline` and `alert` are the
 * ones that cannot wait in it.
 */
export type NetworkFailureEffect = 'none' | 'offline' | 'alert';

export function networkFailureEffect(call: CallMeta, options: { background?: boolean }, online: boolean): NetworkFailureEffect {
  if (options.background || call.read) return 'none';
  return online ? 'alert' : 'offline';
}

/** The device's own idea of its connection; true where the platform cannot tell. */
export const deviceOnline = (): boolean => globalThis.navigator?.onLine !== false;
