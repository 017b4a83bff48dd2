import { API_BASE_URL } from '@/api/request';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeBidService } from './app-sync-engine';
import { supplierOwner, type OutboxEntry } from './db';
import { createServiceWatch, PROBE_INTERVAL_MS, waitsOnService, type ServiceWatchDeps } from './reachability-probe';

/** The watch alone, with a clock that moves only when told; the engine's own cases are in sync-engine.test.ts. */

const NOW = 1_000_000;

const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
  id: 'e1',
  owner: supplierOwner('sa'),
  thread: 'c1',
  call: 'communicationReply',
  payload: {},
  fileFields: [],
  deadline: null,
  idempotencyKey: 'k1',
  status: 'queued',
  attempts: 3,
  nextAttemptAt: NOW + 8000,
  lastError: { code: 'HTTP -100', message: 'Network request failed' },
  summary: '',
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

describe('waitsOnService: the entries a sign of the bid service makes go', () => {
  it.each([
    ['no answer', 'HTTP -100', true],
    ['a tus upload without an answer', 'network', true],
    ["a gateway's 502", 'HTTP 502', true],
    ['408', 'HTTP 408', true],
    ['429 without an envelope', 'HTTP 429', true],
    ['an interrupted tus upload the service answered 409', 'HTTP 409', false],
    ['E500 (the service answered)', 'E500', false],
    ['E429 (the service said to wait)', 'E429', false],
    ['E409 inProgress', 'E409', false],
    ['something thrown that is no answer of the service', 'error', false],
  ])('%s (%s): %s', (_name, code, waits) => {
    expect(waitsOnService(entry({ lastError: { code, message: '' } }), NOW)).toBe(waits);
  });

  it('only a queued entry whose next attempt is still to come', () => {
    expect(waitsOnService(entry({ nextAttemptAt: NOW }), NOW)).toBe(false);
    expect(waitsOnService(entry({ status: 'sending' }), NOW)).toBe(false);
    expect(waitsOnService(entry({ status: 'failed' }), NOW)).toBe(false);
    expect(waitsOnService(entry({ lastError: null }), NOW)).toBe(false);
  });
});

describe('createServiceWatch', () => {
  function setUp(over: Partial<ServiceWatchDeps> = {}) {
    const timers = new Map<number, { at: number; fire: () => void }>();
    let now = NOW;
    let ids = 0;
    const deps = {
      probe: vi.fn(async () => false),
      mayProbe: () => true,
      leader: () => true,
      resetWaits: vi.fn(async () => 1),
      sync: vi.fn(),
      clock: {
        now: () => now,
        setTimeout: (fire: () => void, ms: number) => (timers.set(++ids, { at: now + ms, fire }), ids),
        clearTimeout: (id: unknown) => void timers.delete(id as number),
      },
      random: () => 0.5,
      ...over,
    };
    const watch = createServiceWatch(deps);
    /** Moves the clock, fires what is due, and lets what that set off settle. */
    const advance = async (ms: number) => {
      now += ms;
      for (const [id, timer] of timers) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.fire();
      }
      // One task: the fake probes answer in microtasks, all run before it (no time involved).
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return { deps, watch, advance, timers };
  }

  it.each([
    [0, 2700],
    [0.999999, 3300],
  ])('probes 3 s ± 10 %% after the wait began (random %s → %s ms)', async (random, ms) => {
    const { deps, watch, advance } = setUp({ random: () => random });
    watch.waiting(true);
    await advance(ms - 1);
    expect(deps.probe).not.toHaveBeenCalled();
    await advance(1);
    expect(deps.probe).toHaveBeenCalledTimes(1);
  });

  it('a probe that throws counts as no answer: nothing is reset, it probes again', async () => {
    const { deps, watch, advance } = setUp({ probe: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) });
    watch.waiting(true);
    await advance(PROBE_INTERVAL_MS);
    await advance(PROBE_INTERVAL_MS);
    expect(deps.probe).toHaveBeenCalledTimes(2);
    expect(deps.resetWaits).not.toHaveBeenCalled();
  });

  it('one sign resets once; after that retry, only a probe that found no service lets the next sign reset again', async () => {
    const { deps, watch, advance } = setUp();
    watch.waiting(true);
    watch.answered();
    await advance(0);
    expect(deps.resetWaits).toHaveBeenCalledTimes(1);
    expect(deps.sync).toHaveBeenCalledTimes(1);
    // The retry found no service again: the engine says so after its run.
    watch.waiting(true);
    watch.answered();
    await advance(0);
    expect(deps.resetWaits).toHaveBeenCalledTimes(1);
    await advance(PROBE_INTERVAL_MS); // the probe finds none
    watch.answered();
    await advance(0);
    expect(deps.resetWaits).toHaveBeenCalledTimes(2);
  });

  it('nothing waits, nothing happens: no probe, no reset on a sign', async () => {
    const { deps, watch, advance, timers } = setUp();
    watch.waiting(false);
    watch.answered();
    await advance(60_000);
    expect(timers.size).toBe(0);
    expect(deps.probe).not.toHaveBeenCalled();
    expect(deps.resetWaits).not.toHaveBeenCalled();
  });

  it('the answer of a probe under way when stopped is dropped', async () => {
    let answer = (_answers: boolean) => {};
    const { deps, watch, advance } = setUp({ probe: vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve))) });
    watch.waiting(true);
    await advance(PROBE_INTERVAL_MS);
    expect(deps.probe).toHaveBeenCalledTimes(1);
    watch.stop();
    answer(true);
    await advance(PROBE_INTERVAL_MS);
    expect(deps.resetWaits).not.toHaveBeenCalled();
    expect(deps.probe).toHaveBeenCalledTimes(1);
  });
});

describe("probeBidService (the app's probe)", () => {
  afterEach(() => vi.unstubAllGlobals());

  const answering = (response: Response | Promise<Response>) => {
    const fetch = vi.fn(() => response);
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it("a HEAD of the bid service's base URL, never cached, carrying nothing, with a timeout", async () => {
    const fetch = answering(new Response(null, { status: 200 }));
    await probeBidService();
    expect(fetch).toHaveBeenCalledWith(
      API_BASE_URL,
      expect.objectContaining({ method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: expect.any(AbortSignal) }),
    );
  });

  it.each([
    ['200', new Response(null, { status: 200 }), true],
    ['404 (any answer of the service)', new Response(null, { status: 404 }), true],
    ['an opaque answer (a bid service on another origin)', { type: 'opaque', status: 0 } as Response, true],
    ["a proxy's 502 (no service behind it)", new Response(null, { status: 502 }), false],
    ["the dev server's proxy 500", new Response(null, { status: 500 }), false],
  ])('%s → %s', async (_name, response, reachable) => {
    answering(response);
    expect(await probeBidService()).toBe(reachable);
  });

  it('a failed fetch (no network, refused, timed out) → false', async () => {
    answering(Promise.reject(new TypeError('Failed to fetch')));
    expect(await probeBidService()).toBe(false);
  });
});
