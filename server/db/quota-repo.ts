import type { Queryable } from './db';

/** What one scope and key may use in a day. */
export interface QuotaLimit {
  count: number;
  bytes: number;
}

export interface QuotaUsage {
  count: number;
  bytes: number;
}

/** The counter's day: the UTC date of `at` (`2026-11-03`). */
export const quotaDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Takes one use of `bytes` from the day's quota of a scope and key, unless that would pass the
 * limit; answers whether it was taken. One statement (an upsert whose update is conditional), so
 * concurrent requests cannot all pass on the same reading of the counter.
 */
export async function takeQuota(
  db: Queryable,
  scope: string,
  key: string,
  day: string,
  bytes: number,
  limit: QuotaLimit,
): Promise<boolean> {
  if (limit.count < 1 || bytes > limit.bytes) return false;
  const rows = await db.query<{ count: number }>(
    `INSERT INTO quota_usage AS q (scope, key, day, count, bytes) VALUES ($1, $2, $3, 1, $4)
     ON CONFLICT (scope, key, day) DO UPDATE SET count = q.count + 1, bytes = q.bytes + EXCLUDED.bytes
     WHERE q.count + 1 <= $5 AND q.bytes + EXCLUDED.bytes <= $6
     RETURNING count`,
    [scope, key, day, bytes, limit.count, limit.bytes],
  );
  return rows.length > 0;
}

/** Corrects a day's counter: a reservation settled to the bytes really stored, or given back. */
export async function adjustQuota(db: Queryable, scope: string, key: string, day: string, count: number, bytes: number): Promise<void> {
  await db.query(
    'UPDATE quota_usage SET count = GREATEST(count + $4, 0), bytes = GREATEST(bytes + $5, 0) WHERE scope = $1 AND key = $2 AND day = $3',
    [scope, key, day, count, bytes],
  );
}

export async function quotaUsage(db: Queryable, scope: string, key: string, day: string): Promise<QuotaUsage> {
  const rows = await db.query<{ count: number; bytes: string | number }>(
    'SELECT count, bytes FROM quota_usage WHERE scope = $1 AND key = $2 AND day = $3',
    [scope, key, day],
  );
  return { count: rows[0]?.count ?? 0, bytes: Number(rows[0]?.bytes ?? 0) };
}

/** Housekeeping: the counters of days before `day` count nothing any more. */
export async function deleteOldQuotaUsage(db: Queryable, day: string): Promise<number> {
  return (await db.query('DELETE FROM quota_usage WHERE day < $1 RETURNING 1', [day])).length;
}
