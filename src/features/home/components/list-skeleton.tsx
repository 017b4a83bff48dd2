/** A list on its way: grey rows, and the same said in words to a screen reader. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-3" role="status" aria-busy="true">
      <span className="sr-only">{label}</span>
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
      ))}
    </div>
  );
}
