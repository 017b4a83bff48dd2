import type { ReactNode } from 'react';

/** A titled section of the visit application form (a landmark a reader can jump to). */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-4">
      <div>
        <h2 id={`${id}-title`}>{title}</h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
