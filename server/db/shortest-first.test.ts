import { describe, expect, it } from 'vitest';
import { OVERDUE_MS, shapeOf, shortestFirst } from './shortest-first.mjs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('shortestFirst (the order waiting database work gets a connection)', () => {
  it('tells statements apart by their SQL and which parameters are null', () => {
    expect(shapeOf('SELECT notice_list($1, $2)', [0, null])).toBe('SELECT notice_list($1, $2)|10');
    expect(shapeOf('SELECT notice_list($1, $2)', [1, '瓦楞'])).toBe('SELECT notice_list($1, $2)|11');
    expect(shapeOf('SELECT 1')).toBe('SELECT 1|');
  });

  it('gives a free connection to the work expected to end first, and never more than there are connections', async () => {
    const scheduler = shortestFirst({ slots: 2 });
    const work = (name: string, ms: number, log: string[]) => () => {
      log.push(name);
      return sleep(ms).then(() => name);
    };
    const taught: string[] = [];
    for (let i = 0; i < 3; i++)
      await Promise.all([scheduler.run('slow', work('slow', 20, taught)), scheduler.run('quick', work('quick', 1, taught))]);

    const started: string[] = [];
    const all = [1, 2, 3, 4].map((i) => scheduler.run('slow', work(`slow ${i}`, 20, started)));
    all.push(scheduler.run('quick', work('quick', 1, started)));
    expect(started).toEqual([]);
    await sleep(0);
    // Two connections: two slow ones started, the rest wait.
    expect(started).toEqual(['slow 1', 'slow 2']);
    expect(scheduler.waiting).toBe(3);
    expect(await Promise.all(all)).toEqual(['slow 1', 'slow 2', 'slow 3', 'slow 4', 'quick']);
    // The quick one came last and went first.
    expect(started).toEqual(['slow 1', 'slow 2', 'quick', 'slow 3', 'slow 4']);
  });

  it(`gives work that has waited ${OVERDUE_MS} ms its turn before quicker work still waiting`, async () => {
    const scheduler = shortestFirst({ slots: 1 });
    for (let i = 0; i < 3; i++) await Promise.all([scheduler.run('slow', () => sleep(10)), scheduler.run('quick', () => sleep(1))]);
    const started: string[] = [];
    const busy = scheduler.run('slow', () => sleep(10));
    const since = performance.now();
    let waited = 0;
    const slow = scheduler.run('slow', async () => {
      waited = performance.now() - since;
      started.push('slow');
    });
    // A stream of quick work that would keep it waiting for ever: each one asks again when done.
    let stop = false;
    const quick = async (): Promise<void> => {
      await scheduler.run('quick', async () => {
        started.push('quick');
        await sleep(2);
      });
      if (!stop) return quick();
    };
    const streams = [quick(), quick()];
    await Promise.all([busy, slow]);
    stop = true;
    await Promise.all(streams);
    const at = started.indexOf('slow');
    expect(at).toBeGreaterThan(0);
    expect(waited).toBeGreaterThanOrEqual(OVERDUE_MS);
    expect(started.slice(at + 1)).toContain('quick');
  });

  it('passes on what the work answers or throws', async () => {
    const scheduler = shortestFirst();
    await expect(scheduler.run('x', async () => 42)).resolves.toBe(42);
    await expect(scheduler.run('x', async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(scheduler.waiting).toBe(0);
  });
});
