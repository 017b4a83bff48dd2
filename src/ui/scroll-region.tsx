import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroller that a keyboard can reach: focusable and named (a group,
 * not a landmark: the card around it is the region), so a table
 * without links or buttons in it can still be scrolled sideways with the arrow keys (WCAG 2.1.1;
 * axe's scrollable-region-focusable). Tables whose rows hold links need no such stop.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap focus-visible:outline-2 focus-visible:outline-brand-600" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
