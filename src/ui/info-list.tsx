import type { ReactNode } from 'react';

/**
 * A label/value grid of a detail page (a notice, a tender record); one column on phones, two from `sm`.
 * Labels are slate-600: slate-500 is 4.4:1 on the page's background (`--color-page`), under the 4.5:1
 * of WCAG AA wherever a list is not on a white card (or its card is not painted yet: a
 * `content-visibility: auto` section off screen, as Lighthouse's check meets the enquiry's quote history).
 */
export function InfoList({ items }: { items: { label: ReactNode; value: ReactNode; wide?: boolean }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
      {items.map((item, i) => (
        <div key={i} className={`min-w-0 ${item.wide ? 'sm:col-span-2' : ''}`}>
          <dt className="text-slate-600">{item.label}</dt>
          <dd className="mt-0.5 break-words text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DetailSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-4 sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
