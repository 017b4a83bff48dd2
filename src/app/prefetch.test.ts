import { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supplierSession } from '@/test/session';
import { FIRST_READS_MS, firstReads, readOwn, startFirstScreen } from './prefetch';

/** Whether `promise` has settled after the microtasks queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

/** A read the test answers when it likes, as a screen's loader starts it. */
function read(queryClient: QueryClient) {
  let answer!: (value: string) => void;
  let fail!: (error: Error) => void;
  const reading = readOwn({ queryClient, session: supplierSession() }, async (supplierId) => ({
    queryKey: ['list', supplierId],
    queryFn: () => new Promise<string>((resolve, reject) => ((answer = resolve), (fail = reject))),
  }));
  return { reading, answer: (value: string) => answer(value), fail: (error: Error) => fail(error) };
}

/** The little of a router `startFirstScreen` uses: one screen of two routes, and its first resolution. */
function fakeRouter() {
  const resolved = new Set<() => void>();
  const loadRouteChunk = vi.fn(() => Promise.resolve());
  const router = {
    state: { location: { pathname: '/platform/home' } },
    routesById: { __root__: { id: '__root__' }, '/platform/home': { id: '/platform/home' } },
    matchRoutes: () => [{ routeId: '__root__' }, { routeId: '/platform/home' }],
    loadRouteChunk,
    subscribe: (event: string, listener: () => void) => {
      if (event === 'onResolved') resolved.add(listener);
      return () => resolved.delete(listener);
    },
  };
  return { router: router as unknown as AnyRouter, loadRouteChunk, resolve: () => [...resolved].forEach((listener) => listener()) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the first screen of a page load', () => {
  it('does not wait for reads outside a page load the app started (tests, or after the first screen)', async () => {
    vi.useFakeTimers();
    const { reading } = read(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    expect(await settled(firstReads([reading]))).toBe(true);
  });

  it('waits for its reads, answered or failed, at most FIRST_READS_MS; later screens do not; its code loads at once', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { router, loadRouteChunk, resolve } = fakeRouter();
    startFirstScreen(router);
    await vi.advanceTimersByTimeAsync(0);
    // Every matched route's code, without waiting for the guard.
    expect(loadRouteChunk).toHaveBeenCalledTimes(2);

    const list = read(queryClient);
    const labels = read(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    const waiting = firstReads([list.reading, labels.reading]);
    expect(await settled(waiting)).toBe(false);
    list.answer('rows');
    expect(await settled(waiting)).toBe(false);
    labels.fail(new Error('offline'));
    expect(await settled(waiting)).toBe(true);

    // A read that does not come: the screen renders without it after FIRST_READS_MS.
    const slow = read(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    const capped = firstReads([slow.reading]);
    await vi.advanceTimersByTimeAsync(FIRST_READS_MS - 1);
    expect(await settled(capped)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(capped)).toBe(true);

    // Once the router resolved the first screen, a navigation's reads are not waited for.
    resolve();
    const later = read(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    expect(await settled(firstReads([later.reading]))).toBe(true);
  });
});
