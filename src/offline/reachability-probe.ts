import type { OutboxEntry } from './db';
import type { Clock } from './send-entry';

/**
 * Whether the bid service answers again, for the sync engine: while entries wait because it
 * could not be reached, a cheap probe every few seconds (independent of the entries' own
 * backoff), and every answer the page hears, make them go within seconds of its return rather
 * than at their timer (up to 5 min).
 */
export const PROBE_INTERVAL_MS = 3000;

/**
 * Whether a queued entry waits out its backoff because the bid service could not be reached:
 * no answer (`HTTP -100`, tus `network`) or a gateway's 5xx/408/429 without an envelope, as
 * `classify` retries them. An entry the service answered (E500, E429, E409 inProgress) waits as told.
 */
export function waitsOnService(entry: OutboxEntry, now: number): boolean {
  if (entry.status !== 'queued' || entry.nextAttemptAt <= now || !entry.lastError) return false;
  const { code } = entry.lastError;
  if (code === 'network') return true;
  const status = /^HTTP (-?\d+)$/.exec(code)?.[1];
  if (status === undefined) return false;
  const value = Number(status);
  return value <= 0 || value >= 500 || value === 408 || value === 429;
}

export interface ServiceWatchDeps {
  /** Whether the bid service answers; a throw counts as no. Without it, nothing is probed. */
  probe?: (() => Promise<boolean>) | undefined;
  /** Asked before each probe: no (page hidden, device offline, not the leader) ends probing until `waiting(true)`. */
  mayProbe: () => boolean;
  /** Whether this tab leads (knows what waits, from `waiting`). */
  leader: () => boolean;
  /** Makes the entries that wait on the service due now; answers how many. */
  resetWaits: () => Promise<number>;
  /** Sends what is due (the leader), or asks the leader to. */
  sync: () => void;
  clock: Clock;
  /** The probe's jitter: it waits 3 s ± 10 %. */
  random: () => number;
}

export interface ServiceWatch {
  /** The leader says whether a sendable head waits on the service (after a run, or as one fails): probes while one does. */
  waiting(on: boolean): void;
  /** A sign that the service answers (the request layer heard back): what waits on it goes now. */
  answered(): void;
  /** No more probes, no more resets. */
  stop(): void;
}

export function createServiceWatch({ probe, mayProbe, leader, resetWaits, sync, clock, random }: ServiceWatchDeps): ServiceWatch {
  let stopped = false;
  let waiting = false;
  /**
   * A sign that the service answers already made the waiting entries go, and no probe has found
   * it unreachable since: more signs change nothing until then. The engine's own sends are
   * answered through the request layer too, and a gateway's 502 is an answer from no service:
   * without this, two entries failing so would wake each other forever.
   */
  let signUsed = false;
  /** A tab that does not lead reads the outbox on an answer at most once in this time. */
  let quietUntil = 0;
  let timer: unknown = null;
  let probing = false;

  function reset(): void {
    void resetWaits()
      .then((moved) => {
        if (moved > 0 || leader()) sync();
      })
      .catch((error: unknown) => console.error('outbox backoff reset failed', error));
  }

  function answered(): void {
    if (stopped) return;
    if (!leader()) {
      if (clock.now() < quietUntil) return;
      quietUntil = clock.now() + PROBE_INTERVAL_MS;
      return reset();
    }
    if (!waiting || signUsed) return;
    waiting = false;
    signUsed = true;
    reset();
  }

  function schedule(): void {
    if (stopped || !waiting || timer || probing || !probe || !mayProbe()) return;
    timer = clock.setTimeout(() => void fire(probe), Math.round(PROBE_INTERVAL_MS * (0.9 + 0.2 * random())));
  }

  async function fire(ask: () => Promise<boolean>): Promise<void> {
    timer = null;
    if (stopped || !waiting || !mayProbe()) return;
    probing = true;
    let answers = false;
    try {
      answers = await ask();
    } catch {
      // No answer.
    }
    probing = false;
    if (answers) answered();
    else signUsed = false;
    schedule();
  }

  function stopProbing(): void {
    if (timer) clock.clearTimeout(timer);
    timer = null;
  }

  return {
    waiting(on) {
      waiting = on;
      if (on) return schedule();
      stopProbing();
      signUsed = false;
    },
    answered,
    stop() {
      stopped = true;
      stopProbing();
    },
  };
}
