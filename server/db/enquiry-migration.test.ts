import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testDb } from '../test/engine';
import { migrate } from './migrate';

const MIGRATIONS = fileURLToPath(new URL('./migrations/', import.meta.url));

// An installation from before enquiries (001 to 005), then 006: the tables' own rules hold
// whatever code writes to them.
describe('migration 006 (enquiries)', { timeout: 120_000 }, () => {
  const before = mkdtempSync(join(tmpdir(), 'migrations-005-'));
  afterAll(() => rmSync(before, { recursive: true, force: true }));
  for (const name of readdirSync(MIGRATIONS).filter((f) => f < '006')) copyFileSync(join(MIGRATIONS, name), join(before, name));

  it('applies on an existing installation and enforces one quote per supplier and round, invitations and exact prices', async () => {
    const { db, drop } = await testDb();
    await migrate(db, before);
    const supplier = async (code: string) =>
      (
        await db.query<{ id: string }>(
          `INSERT INTO suppliers (supplier_code, username, password_hash, status, credit_code, email, contact_phone, profile, created_at, updated_at)
           VALUES ($1, $1, 'x', 'A104', $1, $1, '13800000000', '{}', now(), now()) RETURNING id::text AS id`,
          [code],
        )
      )[0]!.id;
    const invited = await supplier('S1');
    const stranger = await supplier('S2');
    // 006 first; later migrations (007, ...) follow it.
    expect((await migrate(db))[0]).toBe('006_enquiries.sql');

    const [{ id }] = (await db.query<{ id: string }>(
      `INSERT INTO enquiries (enquiry_no, theme, currency, price_includes_tax, effective_time, expiry_time, delivery_date, created_at, updated_at)
       VALUES ('XJ1', '主题', 'CNY', true, now(), now() + interval '1 day', '2030-01-01', now(), now()) RETURNING id::text AS id`,
    )) as [{ id: string }];
    // Refused by the rule named by its SQLSTATE: 23505 unique, 23514 check, 23503 foreign key, 22003 out of range.
    const fails = async (code: string, sql: string, params: unknown[] = []) => {
      await expect(db.query(sql, params), sql).rejects.toMatchObject({ code });
    };
    const line = (no: number, material: string, quantity = '1.5') =>
      db.query<{ id: string }>(
        "INSERT INTO enquiry_lines (enquiry_id, line_no, material_no, name, unit, quantity) VALUES ($1, $2, $3, '纸', '吨', $4) RETURNING id::text AS id",
        [id, no, material, quantity],
      );
    const [l1] = await line(1, 'M1');
    await fails(
      '23505',
      "INSERT INTO enquiry_lines (enquiry_id, line_no, material_no, name, unit, quantity) VALUES ($1, 2, 'M1', '纸', '吨', 1)",
      [id],
    );
    await fails(
      '23514',
      "INSERT INTO enquiry_lines (enquiry_id, line_no, material_no, name, unit, quantity) VALUES ($1, 2, 'M2', '纸', '吨', 0)",
      [id],
    );
    await db.query('INSERT INTO enquiry_suppliers (enquiry_id, supplier_id, invited_at) VALUES ($1, $2, now())', [id, invited]);
    await db.query(
      "INSERT INTO enquiry_rounds (enquiry_id, round, promoter, opened_at, deadline) VALUES ($1, 1, '采购部', now(), now() + interval '1 day')",
      [id],
    );
    const quote = (supplierId: string, round = 1) =>
      db.query<{ id: string }>(
        `INSERT INTO enquiry_quotes (enquiry_id, supplier_id, round, currency, tax_included, delivery_date, total, submitted_at)
         VALUES ($1, $2, $3, 'CNY', true, '2030-01-01', '150.75', now()) RETURNING id::text AS id`,
        [id, supplierId, round],
      );
    const [q] = await quote(invited);
    await fails(
      '23505',
      "INSERT INTO enquiry_quotes (enquiry_id, supplier_id, round, currency, tax_included, delivery_date, total, submitted_at) VALUES ($1, $2, 1, 'CNY', true, '2030-01-01', 1, now())",
      [id, invited],
    );
    // Not invited; a round that was not opened.
    await expect(quote(stranger)).rejects.toMatchObject({ code: '23503' });
    await expect(quote(invited, 2)).rejects.toMatchObject({ code: '23503' });
    await fails('23514', 'INSERT INTO enquiry_quote_lines (quote_id, line_id, price) VALUES ($1, $2, 0)', [q!.id, l1!.id]);
    await db.query("INSERT INTO enquiry_quote_lines (quote_id, line_id, price) VALUES ($1, $2, '9999999999.99')", [q!.id, l1!.id]);
    await fails('22003', "UPDATE enquiry_quote_lines SET price = '10000000000.00'");
    const stored = await db.query<{ price: string; total: string }>(
      'SELECT ql.price::text AS price, q.total::text AS total FROM enquiry_quote_lines ql JOIN enquiry_quotes q ON q.id = ql.quote_id',
    );
    expect(stored).toEqual([{ price: '9999999999.99', total: '150.75' }]);
    await fails('23514', "UPDATE enquiries SET business_status = 'awarded'");
    await fails('23514', "UPDATE enquiries SET business_status = 'won', closed_at = now()");
    await db.query("UPDATE enquiries SET business_status = 'awarded', closed_at = now()");
    await drop();
  });
});
