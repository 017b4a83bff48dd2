import { formatDate, formatDateTime } from './format';

/** A machine-readable <time>; `dateOnly` drops the clock. */
export function DateTime({ value, dateOnly, className }: { value: string | null | undefined; dateOnly?: boolean; className?: string }) {
  if (!value) return <span className={className}>—</span>;
  return (
    <time dateTime={value} className={`tabular-nums ${className ?? ''}`}>
      {dateOnly ? formatDate(value) : formatDateTime(value)}
    </time>
  );
}
