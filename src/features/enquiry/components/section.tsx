import type { ReactNode } from 'react';

/** A titled card of the detail page, with optional actions beside the title (stacked on phones). */
export function Section({ id, title, actions, children }: { id: string; title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card [contain-intrinsic-size:auto_24rem] [content-visibility:auto]">
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={id}>{title}</h2>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

export const Missing = ({ children }: { children: ReactNode }) => <p className="text-sm text-slate-500">{children}</p>;
