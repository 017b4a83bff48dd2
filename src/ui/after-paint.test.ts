import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, subscribeAfterPaint } from './after-paint';

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const task = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.restoreAllMocks());

describe('afterNextPaint', () => {
  it('runs after the next animation frame, in a task of its own, and not when cancelled', async () => {
    const order: string[] = [];
    afterNextPaint(() => order.push('after paint'));
    const cancelled = vi.fn();
    afterNextPaint(cancelled)();
    requestAnimationFrame(() => order.push('frame'));
    await frame();
    expect(order).toEqual(['frame']);
    await task();
    expect(order).toEqual(['frame', 'after paint']);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('runs in a plain task in a hidden tab, where no frame comes', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const callback = vi.fn();
    afterNextPaint(callback);
    await task();
    expect(callback).toHaveBeenCalledOnce();
    expect(frames).not.toHaveBeenCalled();
  });
});

describe('subscribeAfterPaint', () => {
  it('tells its listener once after the paint, however many changes came in the frame, and nothing after unsubscribing', async () => {
    const listeners = new Set<() => void>();
    const subscribe = subscribeAfterPaint((listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    });
    const heard = vi.fn();
    const unsubscribe = subscribe(heard);
    listeners.forEach((l) => l());
    listeners.forEach((l) => l());
    expect(heard).not.toHaveBeenCalled();
    await frame();
    await task();
    expect(heard).toHaveBeenCalledOnce();

    listeners.forEach((l) => l());
    unsubscribe();
    await frame();
    await task();
    expect(heard).toHaveBeenCalledOnce();
    expect(listeners.size).toBe(0);
  });
});
