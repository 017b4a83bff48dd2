import { describe, expect, it } from 'vitest';
import { addressGate } from './address-gate';

/** A piece of work that ends when told to. */
function held() {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  return { done, end };
}

describe('addressGate', () => {
  const refuse = () => new Error('busy');

  it('runs at most `running` per address, the rest in arrival order, and refuses past `waiting`', async () => {
    const gate = addressGate({ running: 2, waiting: 2, refuse });
    const started: number[] = [];
    const works = Array.from({ length: 4 }, () => held());
    const runs = works.map((w, i) =>
      gate.run('10.0.0.1', async () => {
        started.push(i);
        await w.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    await expect(gate.run('10.0.0.1', async () => 'late')).rejects.toThrow('busy');
    // Another address is not held back by this one.
    await expect(gate.run('10.0.0.2', async () => 'other')).resolves.toBe('other');
    works[1]!.end();
    await runs[1];
    expect(started).toEqual([0, 1, 2]);
    works[0]!.end();
    works[2]!.end();
    works[3]!.end();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(gate.size).toBe(0);
  });

  it('passes the slot on when work fails, and forgets an address with nothing left', async () => {
    const gate = addressGate({ running: 1, waiting: 1, refuse });
    const first = held();
    const failing = gate.run('a', async () => {
      await first.done;
      throw new Error('broken');
    });
    const next = gate.run('a', async () => 'next');
    first.end();
    await expect(failing).rejects.toThrow('broken');
    await expect(next).resolves.toBe('next');
    expect(gate.size).toBe(0);
    await expect(gate.run('a', async () => 'again')).resolves.toBe('again');
  });
});
