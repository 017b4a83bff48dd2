import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readsSettled } from './reads-settled';

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** A read the test answers when it likes. */
function read(queryClient: QueryClient, key: string) {
  let answer!: (value: string) => void;
  let fail!: (error: Error) => void;
  void queryClient
    .fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve, reject) => ((answer = resolve), (fail = reject))) })
    .catch(() => undefined);
  return { answer: (value: string) => answer(value), fail: (error: Error) => fail(error) };
}

/** Whether `promise` has settled after the microtasks queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('readsSettled', () => {
  it('resolves at once when nothing is being read', async () => {
    vi.useFakeTimers();
    expect(await settled(readsSettled(client(), 100))).toBe(true);
  });

  it('waits until every read under way has its answer, and no longer', async () => {
    vi.useFakeTimers();
    const queryClient = client();
    const list = read(queryClient, 'list');
    const labels = read(queryClient, 'labels');
    const waiting = readsSettled(queryClient, 100);

    list.answer('page 1');
    expect(await settled(waiting)).toBe(false);
    labels.fail(new Error('offline'));
    expect(await settled(waiting)).toBe(true);
    expect(queryClient.getQueryData(['list'])).toBe('page 1');
  });

  it('gives up after its time: a slow read is not waited for', async () => {
    vi.useFakeTimers();
    const queryClient = client();
    read(queryClient, 'list');
    const waiting = readsSettled(queryClient, 100);
    await vi.advanceTimersByTimeAsync(99);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });
});
