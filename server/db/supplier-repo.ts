import type { Supplier, SupplierFields } from '../../contract/schemas/supplier';
import type { SupplierStatusCode } from '../../contract/limits';
import type { Queryable } from './db';

/** Suppliers answer one role in this product; the field is read by the portal and unused. */
const ROLE_TYPE = 'supplier';

interface SupplierRow {
  id: string;
  supplier_code: string;
  username: string;
  status: string;
  password_hash: string;
  profile: SupplierFields;
  created_at: Date;
}

const COLUMNS = 'id::text AS id, supplier_code, username, status, password_hash, profile, created_at';

export interface SupplierRecord {
  supplier: Supplier;
  passwordHash: string;
}

const toRecord = (r: SupplierRow): SupplierRecord => ({
  passwordHash: r.password_hash,
  supplier: {
    ...r.profile,
    supplierId: r.id,
    supplierCode: r.supplier_code,
    // A supplier without a parent group is its own main supplier.
    supplierCodeMain: r.supplier_code,
    username: r.username,
    status: r.status,
    supplierRoleType: ROLE_TYPE,
    createdAt: new Date(r.created_at).toISOString(),
  },
});

export async function findSupplierById(db: Queryable, id: string): Promise<SupplierRecord | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await db.query<SupplierRow>(`SELECT ${COLUMNS} FROM suppliers WHERE id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function findSupplierByUsername(db: Queryable, username: string): Promise<SupplierRecord | null> {
  const rows = await db.query<SupplierRow>(`SELECT ${COLUMNS} FROM suppliers WHERE lower(username) = lower($1)`, [username]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** By username or supplier code: how an operator names a supplier. */
export async function findSupplierByHandle(db: Queryable, handle: string): Promise<SupplierRecord | null> {
  const rows = await db.query<SupplierRow>(`SELECT ${COLUMNS} FROM suppliers WHERE lower(username) = lower($1) OR supplier_code = $1`, [
    handle,
  ]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Ids of the accounts a verification target (an email or a phone) reaches. */
export async function findSupplierIdsByContact(db: Queryable, way: 'mail' | 'phone', target: string): Promise<string[]> {
  const sql =
    way === 'mail'
      ? 'SELECT id::text AS id FROM suppliers WHERE lower(email) = lower($1)'
      : 'SELECT id::text AS id FROM suppliers WHERE contact_phone = $1';
  return (await db.query<{ id: string }>(sql, [target])).map((r) => r.id);
}

/** Which unique field of another supplier `fields` would collide with. */
export async function findClash(
  db: Queryable,
  username: string | null,
  creditCode: string,
  exceptId: string | null,
): Promise<'username' | 'creditCode' | null> {
  const rows = await db.query<{ username_clash: boolean; credit_clash: boolean }>(
    `SELECT coalesce(bool_or(lower(username) = lower($1)), false) AS username_clash, coalesce(bool_or(credit_code = $2), false) AS credit_clash
       FROM suppliers WHERE (lower(username) = lower($1) OR credit_code = $2) AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [username ?? '', creditCode, exceptId],
  );
  if (rows[0]?.username_clash) return 'username';
  if (rows[0]?.credit_clash) return 'creditCode';
  return null;
}

export async function insertSupplier(
  db: Queryable,
  s: { username: string; passwordHash: string; status: SupplierStatusCode; fields: SupplierFields },
  now: Date,
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO suppliers (supplier_code, username, password_hash, status, credit_code, email, contact_phone, profile, created_at, updated_at)
     VALUES ('GYS' || nextval('supplier_code_seq'), $1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id::text AS id`,
    [s.username, s.passwordHash, s.status, s.fields.creditCode, s.fields.email, s.fields.contactPhone, JSON.stringify(s.fields), now],
  );
  return rows[0]!.id;
}

export async function updateSupplierFields(db: Queryable, id: string, fields: SupplierFields, now: Date): Promise<void> {
  await db.query('UPDATE suppliers SET credit_code = $2, email = $3, contact_phone = $4, profile = $5, updated_at = $6 WHERE id = $1', [
    id,
    fields.creditCode,
    fields.email,
    fields.contactPhone,
    JSON.stringify(fields),
    now,
  ]);
}

export async function setPasswordHash(db: Queryable, ids: string[], passwordHash: string, now: Date): Promise<void> {
  await db.query('UPDATE suppliers SET password_hash = $2, updated_at = $3 WHERE id = ANY($1::uuid[])', [ids, passwordHash, now]);
}

export async function setStatus(db: Queryable, id: string, status: SupplierStatusCode, now: Date): Promise<void> {
  await db.query('UPDATE suppliers SET status = $2, updated_at = $3 WHERE id = $1', [id, status, now]);
}

export async function listSuppliers(
  db: Queryable,
): Promise<Array<{ supplierId: string; supplierCode: string; username: string; status: string; supplierName: string }>> {
  const rows = await db.query<{ id: string; supplier_code: string; username: string; status: string; name: string }>(
    "SELECT id::text AS id, supplier_code, username, status, profile->>'supplierName' AS name FROM suppliers ORDER BY supplier_code",
  );
  return rows.map((r) => ({
    supplierId: r.id,
    supplierCode: r.supplier_code,
    username: r.username,
    status: r.status,
    supplierName: r.name,
  }));
}

/** A unique violation raced past findClash: name the field it hit. */
export function clashOfError(error: unknown): 'username' | 'creditCode' | null {
  const e = error as { code?: string; constraint?: string };
  if (e?.code !== '23505') return null;
  return e.constraint === 'suppliers_credit_code_key' ? 'creditCode' : 'username';
}
