import type { Queryable } from './db';

/**
 * Takes one attempt of a scope and key and answers how many the current window holds, this one
 * included. Counting and reserving are one statement (an upsert on the counter row), so
 * concurrent requests each get their own number: with a limit of 5, thirty concurrent guesses get
 * the numbers 1 to 30 and only five of them go on. The window is fixed: it starts with the first
 * attempt after the previous window ended, and lasts `windowMs`. Take the attempt BEFORE the work
 * it limits (a password check, a code sent); `giveBackAttempt` or `clearAttempts` undo it.
 */
export async function takeAttempt(db: Queryable, scope: string, key: string, windowMs: number, at: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `INSERT INTO attempt_counters AS c (scope, key, n, window_start) VALUES ($1, $2, 1, $3)
     ON CONFLICT (scope, key) DO UPDATE SET
       n = CASE WHEN c.window_start <= $4 THEN 1 ELSE c.n + 1 END,
       window_start = CASE WHEN c.window_start <= $4 THEN EXCLUDED.window_start ELSE c.window_start END
     RETURNING n`,
    [scope, key, at, new Date(at.getTime() - windowMs)],
  );
  return rows[0]!.n;
}

/** Undoes one `takeAttempt` (an attempt that turned out not to count, such as a right password). */
export async function giveBackAttempt(db: Queryable, scope: string, key: string): Promise<void> {
  await db.query('UPDATE attempt_counters SET n = GREATEST(n - 1, 0) WHERE scope = $1 AND key = $2', [scope, key]);
}

/** Forgets every attempt of a scope and key (a successful login clears its user's failures). */
export async function clearAttempts(db: Queryable, scope: string, key: string): Promise<void> {
  await db.query('DELETE FROM attempt_counters WHERE scope = $1 AND key = $2', [scope, key]);
}

/**
 * Housekeeping (hourly): no rate-limit window is longer than a day. The `attempts` table of 001
 * is no longer written (migration 010); its last rows go here, and a later migration can drop it
 * once no instance of the older version runs.
 */
export async function deleteOldAttempts(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM attempts WHERE at < $1', [before]);
  await db.query('DELETE FROM attempt_counters WHERE window_start < $1', [before]);
}
