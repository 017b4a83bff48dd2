import type { Queryable } from './db';

export interface CodeRow {
  id: string;
  code_hash: string;
  expires_at: Date;
  failed_tries: number;
  used_at: Date | null;
}

/** Stores a code and answers its id. */
export async function insertCode(
  db: Queryable,
  c: {
    target: string;
    way: 'mail' | 'phone';
    codeHash: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    'INSERT INTO verification_codes (target, way, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id',
    [c.target, c.way, c.codeHash, c.now, c.expiresAt],
  );
  return rows[0]!.id;
}

/** A code that was never delivered: gone, so the target's previous code is the newest again. */
export async function deleteCode(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM verification_codes WHERE id = $1', [id]);
}

/** Only the newest code of a target counts: sending a new one retires the older ones. */
export async function latestCode(db: Queryable, target: string): Promise<CodeRow | null> {
  const rows = await db.query<CodeRow>(
    'SELECT id::text AS id, code_hash, expires_at, failed_tries, used_at FROM verification_codes WHERE target = $1 ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE',
    [target],
  );
  return rows[0] ?? null;
}

export async function recordWrongTry(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE verification_codes SET failed_tries = failed_tries + 1 WHERE id = $1', [id]);
}

export async function markCodeUsed(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('UPDATE verification_codes SET used_at = $2 WHERE id = $1', [id, now]);
}
