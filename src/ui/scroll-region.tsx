import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroller that a keyboard can reach: focusable and named (a group,
 * not a landmark: the card around it is the region), so a table
 * without links or buttons in it can still be scrolled sideways with the arrow keys (WCAG 2.1.1;
 * axe's scrollable-region-focusable). Tables whose rows hold links need no such stop.
 * `className` replaces the page tables' frame (`table-wrap`) where the scroller sits in a form.
 */
export function ScrollRegion({ label, className = 'table-wrap', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // A scroll container is no widget, but Safari does not put one in the tab order by itself:
    // without tabIndex its sideways scroll is out of a keyboard's reach (the rule's documented exception).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={`${className} focus-visible:outline-2 focus-visible:outline-brand-600`} role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
