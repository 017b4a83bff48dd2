import { formatDate, formatDateTime } from './format';

/**
 * A machine-readable <time>, in the buyer's zone or `timeZone` (a gate pass's base); `dateOnly` drops the clock.
 * `whole` (narrow table columns): the clock may go under the date, but a date never breaks at its hyphens.
 */
export function DateTime({
  value,
  dateOnly,
  timeZone,
  className,
  whole,
}: {
  value: string | null | undefined;
  dateOnly?: boolean;
  timeZone?: string;
  className?: string;
  whole?: boolean;
}) {
  if (!value) return <span className={className}>—</span>;
  const text = dateOnly ? formatDate(value, timeZone) : formatDateTime(value, timeZone);
  const gap = text.indexOf(' ');
  return (
    <time dateTime={value} className={`tabular-nums ${whole && gap < 0 ? 'whitespace-nowrap' : ''} ${className ?? ''}`}>
      {whole && gap >= 0 ? (
        <>
          <span className="whitespace-nowrap">{text.slice(0, gap)}</span> <span className="whitespace-nowrap">{text.slice(gap + 1)}</span>
        </>
      ) : (
        text
      )}
    </time>
  );
}
