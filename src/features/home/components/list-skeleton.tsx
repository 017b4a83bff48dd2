import { useLayoutEffect, useRef } from 'react';

/** Placeholders drawn at most: a page of the default size (a larger page is cut at the fold anyway). */
const MAX_ROWS = 10;

/**
 * A list on its way: grey rows shaped like the ones that replace them (a card of the list on
 * phones, a table row from `md`; a page of them), and the same said in words to a screen reader.
 *
 * It reserves the list's real space, down to the bottom of the screen at most: whatever follows
 * the list (the message center under the to-dos) starts below the fold, so a page of rows
 * arriving moves nothing in view. Three short rows moved the message center down and out of
 * view as the to-dos came: Lighthouse counted a layout shift of 0.28 on a phone.
 */
export function ListSkeleton({ label, rows }: { label: string; rows: number }) {
  const box = useRef<HTMLDivElement>(null);
  // Cut at the fold, in the frame that first paints it (what is below the fold is not seen
  // moving). Measured in that frame's animation callback, not in the commit: a measure there
  // forced the whole new screen's style and layout into React's task, a long task on a phone.
  useLayoutEffect(() => {
    if (typeof requestAnimationFrame !== 'function') return;
    const frame = requestAnimationFrame(() => {
      const element = box.current;
      if (!element) return;
      const toFold = Math.floor(window.innerHeight - element.getBoundingClientRect().top);
      if (toFold > 0 && toFold < element.offsetHeight) element.style.height = `${toFold}px`;
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const count = Math.max(1, Math.min(rows, MAX_ROWS));
  return (
    <div ref={box} className="overflow-hidden" role="status" aria-busy="true">
      <span className="sr-only">{label}</span>
      <div className="space-y-3 md:hidden" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="h-48 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
      <div className="hidden space-y-2 md:block" aria-hidden="true">
        <div className="h-10 rounded-lg bg-slate-100" />
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="h-20 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    </div>
  );
}
