import type { SupplierStatusCode } from '../../contract/limits';
import type { Session } from '../http/context';
import type { Queryable } from './db';

export async function createSession(db: Queryable, tokenHash: string, supplierId: string, now: Date, expiresAt: Date): Promise<void> {
  await db.query('INSERT INTO sessions (token_hash, supplier_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    tokenHash,
    supplierId,
    now,
    expiresAt,
  ]);
}

/** The session of a token hash if it is neither revoked nor expired at `now`, with its supplier as it is now. */
export async function findLiveSession(db: Queryable, tokenHash: string, now: Date): Promise<Session | null> {
  const rows = await db.query<{
    supplier_id: string;
    username: string;
    supplier_code: string;
    status: SupplierStatusCode;
    supplier_name: string | null;
    contact_name: string | null;
  }>(
    `SELECT s.supplier_id::text AS supplier_id, p.username, p.supplier_code, p.status,
            p.profile->>'supplierName' AS supplier_name, p.profile->>'contactName' AS contact_name
       FROM sessions s JOIN suppliers p ON p.id = s.supplier_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [tokenHash, now],
  );
  const row = rows[0];
  return row
    ? {
        supplierId: row.supplier_id,
        username: row.username,
        tokenHash,
        supplierCode: row.supplier_code,
        status: row.status,
        supplierName: row.supplier_name ?? '',
        contactName: row.contact_name ?? '',
      }
    : null;
}

export async function revokeSession(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash, now]);
}

export async function revokeAllSessions(db: Queryable, supplierId: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE supplier_id = $1 AND revoked_at IS NULL', [supplierId, now]);
}

/** Housekeeping (main.ts, hourly). */
export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at < $1', [now]);
}
