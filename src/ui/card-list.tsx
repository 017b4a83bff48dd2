import type { ReactNode } from 'react';

/**
 * The rows of a supplier's list as cards (phones and narrow screens; two columns on tablets).
 * Each card is laid out and painted only near the viewport (`.card-list`, src/styles.css): on a
 * phone the first paint of a page of records, a cold open's above all, pays for the cards on
 * screen, not for the whole page.
 */
export function CardList<Row extends { id: string }>({ rows, children }: { rows: Row[]; children: (row: Row) => ReactNode }) {
  return (
    <ul className="card-list">
      {rows.map((row) => (
        <li key={row.id}>{children(row)}</li>
      ))}
    </ul>
  );
}
