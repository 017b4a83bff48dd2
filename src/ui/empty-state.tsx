import type { ReactNode } from 'react';

export function EmptyState({ title, description, action }: { title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-4 py-12 text-center">
      <svg width="56" height="56" viewBox="0 0 56 56" fill="none" aria-hidden="true" className="text-brand-300">
        <path
          d="M8 20 28 10l20 10v22L28 52 8 42V20Z"
          fill="currentColor"
          fillOpacity=".15"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M8 20l20 10 20-10M28 30v22" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <p className="text-base font-medium text-slate-700">{title}</p>
      {description ? <p className="max-w-sm text-sm text-slate-500">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
