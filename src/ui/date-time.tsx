import { formatDate, formatDateTime } from './format';

/** A machine-readable <time>, in the buyer's zone or `timeZone` (a gate pass's base); `dateOnly` drops the clock. */
export function DateTime({ value, dateOnly, timeZone, className }: { value: string | null | undefined; dateOnly?: boolean; timeZone?: string; className?: string }) {
  if (!value) return <span className={className}>—</span>;
  return (
    <time dateTime={value} className={`tabular-nums ${className ?? ''}`}>
      {dateOnly ? formatDate(value, timeZone) : formatDateTime(value, timeZone)}
    </time>
  );
}
