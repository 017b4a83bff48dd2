import { DateTime } from '@/ui/date-time';

/**
 * A calendar date (YYYY-MM-DD) as written: read as a Date it would be midnight UTC, and shown
 * a day early west of Greenwich. Anything else goes through DateTime.
 */
export function PlainDate({ value }: { value: string }) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return (
      <time dateTime={value} className="tabular-nums">
        {value}
      </time>
    );
  }
  return <DateTime value={value} dateOnly />;
}
