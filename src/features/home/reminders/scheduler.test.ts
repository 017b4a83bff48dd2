import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPortalDb } from '@/offline/test-helpers';
import { inHours, SERVER_NOW, todo } from '../test/fixtures';
import type { ReminderTodo, Threshold } from './reminder-plan';
import { claimReminder } from './reminder-store';
import { startReminders } from './scheduler';

const HOUR = 3_600_000;
/** This device's clock: a year behind the bid service's, so only the offset can make the reminders right. */
const DEVICE_NOW = SERVER_NOW - 365 * 24 * HOUR;
const OFFSET = SERVER_NOW - DEVICE_NOW;

/** IndexedDB (fake-indexeddb) runs on real setImmediate: let its requests finish. */
async function flush() {
  for (let i = 0; i < 40; i++) await new Promise((resolve) => setImmediate(resolve));
}

function schedule(todos: ReminderTodo[]) {
  const delivered: string[] = [];
  const stop = startReminders({
    todos,
    clockOffset: OFFSET,
    claim: (key) => claimReminder('s1', key),
    deliver: (item: ReminderTodo, threshold: Threshold) => void delivered.push(`${item.number} ${threshold}`),
  });
  return { delivered, stop };
}

/** Moves the clock and runs the timers due meanwhile, letting each reminder's IndexedDB claim finish. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await flush();
}

beforeEach(() => {
  // Only the timers and the clock: IndexedDB's own scheduling stays real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(DEVICE_NOW);
});
afterEach(async () => {
  vi.useRealTimers();
  await resetPortalDb();
});

describe('deadline reminders', () => {
  it('reminds 24 hours and 1 hour before each deadline on the bid service clock, each once, with one timer and no ticking', async () => {
    const later = todo(1, { number: 'A', deadline: inHours(25) });
    const soon = todo(2, { number: 'B', deadline: inHours(0.5) });
    const none = todo(3, { number: 'C', deadline: null });
    const far = todo(4, { number: 'D', deadline: inHours(24 * 100) });
    const { delivered, stop } = schedule([later, soon, none, far]);
    await flush();
    // First seen half an hour before its deadline: the 1-hour reminder only, never a late 24-hour one.
    expect(delivered).toEqual(['B 1h']);
    expect(vi.getTimerCount()).toBe(1);

    await advance(HOUR - 1000);
    expect(delivered).toEqual(['B 1h']);
    await advance(2000);
    expect(delivered).toEqual(['B 1h', 'A 24h']);
    expect(vi.getTimerCount()).toBe(1);

    await advance(23 * HOUR);
    expect(delivered).toEqual(['B 1h', 'A 24h', 'A 1h']);
    // Past every deadline but the far one's 24-hour mark: nothing more for days.
    await advance(5 * 24 * HOUR);
    expect(delivered).toEqual(['B 1h', 'A 24h', 'A 1h']);
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not remind twice after a reload, nor in two tabs at once', async () => {
    const a = todo(1, { number: 'A', deadline: inHours(20) });
    const first = schedule([a]);
    await flush();
    expect(first.delivered).toEqual(['A 24h']);
    first.stop();

    // Reload: the same to-do, the same threshold, already shown on this device.
    const reloaded = schedule([a]);
    await flush();
    expect(reloaded.delivered).toEqual([]);

    // A second tab runs the same timers: the 1-hour reminder goes out once between them.
    const other = schedule([a]);
    await flush();
    await advance(19 * HOUR + 1000);
    expect([...reloaded.delivered, ...other.delivered]).toEqual(['A 1h']);
    reloaded.stop();
    other.stop();
  });

  it('reminds of a moved deadline again, as a new one', async () => {
    const { delivered, stop } = schedule([todo(1, { number: 'A', deadline: inHours(10) })]);
    await flush();
    stop();
    const moved = schedule([todo(1, { number: 'A', deadline: inHours(12) })]);
    await flush();
    expect([...delivered, ...moved.delivered]).toEqual(['A 24h', 'A 24h']);
    moved.stop();
  });

  it('catches up when the page is visible again after its timers slept', async () => {
    const { delivered, stop } = schedule([todo(1, { number: 'A', deadline: inHours(30) })]);
    await flush();
    expect(delivered).toEqual([]);
    // A phone in a pocket: the clock moves on, the timer does not fire.
    vi.setSystemTime(DEVICE_NOW + 29.5 * HOUR);
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(delivered).toEqual(['A 1h']);
    stop();
  });
});
