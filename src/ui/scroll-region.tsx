import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Which sides hold more of the table than the box shows. */
interface Overflow {
  start: boolean;
  end: boolean;
}

function measure(el: HTMLElement): Overflow {
  const hidden = el.scrollWidth - el.clientWidth;
  // Subpixel widths leave a pixel of "overflow" on tables that fit.
  if (hidden <= 1) return { start: false, end: false };
  const left = Math.abs(el.scrollLeft);
  return { start: left > 1, end: left < hidden - 1 };
}

/** useLayoutEffect where there is a layout; a server render has none (and measures nothing). */
const useBrowserLayoutEffect = typeof document === 'undefined' ? () => undefined : useLayoutEffect;

function useOverflow() {
  const ref = useRef<HTMLDivElement>(null);
  // null until measured (and in a server render): then the table is taken to scroll, so it is reachable either way.
  const [overflow, setOverflow] = useState<Overflow | null>(null);
  useBrowserLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () =>
      setOverflow((before) => {
        const next = measure(el);
        return before && next.start === before.start && next.end === before.end ? before : next;
      });
    update();
    // The box (window, menu) and the table (a page of rows, a language) both change the overflow.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    el.addEventListener('scroll', update, { passive: true });
    return () => {
      observer?.disconnect();
      el.removeEventListener('scroll', update);
    };
  }, []);
  return { ref, overflow };
}

const EDGE = 'pointer-events-none absolute inset-y-0 w-6 from-slate-900/15 to-transparent transition-opacity';

/**
 * The frame of every table: where a table is wider than its box (a narrow window, a long
 * language), the part out of view is never lost without a word. The scroller is then a named
 * group a keyboard can reach and scroll with the arrow keys (WCAG 2.1.1; axe's
 * scrollable-region-focusable), and a shade on the side that holds more says there is more.
 * A table that fits is no tab stop. `className` replaces the page tables' frame (`table-wrap`)
 * where the table sits in a form.
 */
export function ScrollRegion({ label, className = 'table-wrap', children }: { label: string; className?: string; children: ReactNode }) {
  const { ref, overflow } = useOverflow();
  const scrolls = overflow === null || overflow.start || overflow.end;
  return (
    <div className={`relative ${className}`}>
      {/* A scroll container is no widget, but Safari does not put one in the tab order by itself:
          without tabIndex its sideways scroll is out of a keyboard's reach (the rule's documented exception). */}
      <div
        ref={ref}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={scrolls ? 0 : undefined}
        className="overflow-x-auto overscroll-x-contain focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        role="group"
        aria-label={label}
        data-overflow={scrolls ? 'scroll' : 'fits'}
      >
        {children}
      </div>
      <span
        aria-hidden="true"
        data-edge="start"
        className={`${EDGE} left-0 bg-linear-to-r ${overflow?.start ? 'opacity-100' : 'opacity-0'}`}
      />
      <span
        aria-hidden="true"
        data-edge="end"
        className={`${EDGE} right-0 bg-linear-to-l ${overflow?.end ? 'opacity-100' : 'opacity-0'}`}
      />
    </div>
  );
}
