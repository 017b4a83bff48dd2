/**
 * Runs `callback` once the frame in the making has been painted: in that frame's animation
 * callback a task is queued, and tasks run after the paint. Work that can wait a frame (a total
 * under the field typed in, a draft) goes there, so the frame that shows what was typed carries
 * only what changed under the finger. Returns a cancel. Without animation frames (a hidden tab
 * runs none), a plain task.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * A store's `subscribe` whose listener hears of changes after the next paint, once however many
 * came in that frame (for useSyncExternalStore: a render reads the latest snapshot anyway).
 */
export function subscribeAfterPaint(subscribe: (listener: () => void) => () => void): (listener: () => void) => () => void {
  return (listener) => {
    let cancel: (() => void) | null = null;
    const unsubscribe = subscribe(() => {
      cancel ??= afterNextPaint(() => {
        cancel = null;
        listener();
      });
    });
    return () => {
      cancel?.();
      unsubscribe();
    };
  };
}
