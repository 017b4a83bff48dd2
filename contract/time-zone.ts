/**
 * Business times in a named IANA time zone, never the server's nor the device's (SPEC.md
 * section 9 gives the format): the buyer's zone for every time a person reads (TIME_ZONE, by
 * default Asia/Shanghai), a production base's own zone for its gate passes' whole days. Written
 * once with Intl for the bid service, its render and the portal.
 */

/** The buyer's zone when TIME_ZONE is not set, and a production base's when it names none. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The name of the shell's `<meta>` that carries the buyer's zone to the portal. */
export const TIME_ZONE_META = 'time-zone';

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(zone, format);
  }
  return format;
}

/** Whether Intl knows `zone` as an IANA time zone name. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.trim() !== zone) return false;
  try {
    partsFormat(zone);
    return true;
  } catch {
    return false;
  }
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock in `zone` shows at `instant`. */
export function wallClock(instant: Date, zone: string): WallClock {
  const out: Record<string, number> = {};
  for (const { type, value } of partsFormat(zone).formatToParts(instant)) if (type !== 'literal') out[type] = Number(value);
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second! };
}

/** Minutes `zone` is ahead of UTC at `instant` (480 for Asia/Shanghai). */
export function offsetMinutes(instant: Date, zone: string): number {
  const c = wallClock(instant, zone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of `instant` in `zone`. */
export function dayIn(instant: Date, zone: string): string {
  const c = wallClock(instant, zone);
  return `${c.year}-${two(c.month)}-${two(c.day)}`;
}

/** 'YYYYMM' of `instant` in `zone`: the month in a record number. */
export function monthIn(instant: Date, zone: string): string {
  const c = wallClock(instant, zone);
  return `${c.year}${two(c.month)}`;
}

/** 'YYYY-MM-DD HH:mm:ss' of `instant` in `zone`. */
export function dateTimeIn(instant: Date, zone: string): string {
  const c = wallClock(instant, zone);
  return `${c.year}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)}:${two(c.second)}`;
}

/** The instant a clock in `zone` shows `c` (the later one where a change repeats it, the jump where it skips it). */
export function fromWallClock(c: WallClock, zone: string): Date {
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  // The offset at a first guess, then at the instant it gives (they differ across a change).
  const guess = asUtc - offsetMinutes(new Date(asUtc), zone) * 60_000;
  return new Date(asUtc - offsetMinutes(new Date(guess), zone) * 60_000);
}

/**
 * The instant a day ('YYYY-MM-DD', a real date) starts in `zone`: its first moment on the wall
 * clock, which is later than midnight where a daylight-saving change skips midnight.
 */
export function startOfDay(day: string, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  let instant = fromWallClock({ year, month, day: date, hour: 0, minute: 0, second: 0 }, zone).getTime();
  while (dayIn(new Date(instant), zone) < day) instant += 15 * 60_000;
  return new Date(instant);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

const isRealDay = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/**
 * A time an operator writes, read in `zone` unless it names its own offset: a day
 * ('2026-12-10', its start, or with `endOfDay` the start of the next), a wall-clock time
 * ('2026-12-10T18:00', '2026-12-10 18:00:00'), or ISO 8601 with an offset ('…Z', '…+07:00').
 * Null when it is none of these.
 */
export function parseBusinessTime(value: string, zone: string, endOfDay = false): Date | null {
  const day = DAY.exec(value);
  if (day) {
    const [y, m, d] = day.slice(1).map(Number) as [number, number, number];
    if (!isRealDay(y, m, d)) return null;
    return startOfDay(endOfDay ? nextDay(value) : value, zone);
  }
  const local = LOCAL_TIME.exec(value);
  if (local) {
    const [y, m, d, hour, minute, second = 0] = local.slice(1).map((n) => (n === undefined ? 0 : Number(n))) as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (!isRealDay(y, m, d) || hour > 23 || minute > 59 || second > 59) return null;
    return fromWallClock({ year: y, month: m, day: d, hour, minute, second }, zone);
  }
  if (!WITH_OFFSET.test(value)) return null;
  const t = new Date(value);
  return Number.isNaN(t.getTime()) ? null : t;
}

/** The day after `day` ('YYYY-MM-DD'). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** A UTC offset as people read it: 'GMT+8', 'GMT-7', 'GMT+5:30', 'GMT'. */
export function offsetName(minutes: number): string {
  if (minutes === 0) return 'GMT';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `GMT${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${rest ? `:${two(rest)}` : ''}`;
}
