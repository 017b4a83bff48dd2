import { useLingui } from '@lingui/react/macro';

/** A busy indicator announced to screen readers (and marked busy); `label` replaces the default "加载中". */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <span role="status" aria-busy="true" className={`inline-flex items-center gap-2 text-sm text-slate-500 ${className ?? ''}`}>
      <span className="size-5 animate-spin rounded-full border-2 border-brand-600 border-r-transparent" aria-hidden="true" />
      <span className="sr-only">{label ?? t`加载中`}</span>
    </span>
  );
}

/** A centred spinner for a whole region while it loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-48 items-center justify-center">
      <Spinner />
    </div>
  );
}
