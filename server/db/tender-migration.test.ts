import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testDb } from '../test/engine';
import { migrate } from './migrate';

const MIGRATIONS = fileURLToPath(new URL('./migrations/', import.meta.url));

// An installation from before tenders: migrations 001 to 004 only, with notices and dictionaries.
describe('migration 005 on an existing installation', { timeout: 120_000 }, () => {
  const before = mkdtempSync(join(tmpdir(), 'migrations-004-'));
  afterAll(() => rmSync(before, { recursive: true, force: true }));
  for (const name of readdirSync(MIGRATIONS).filter((f) => f < '005')) copyFileSync(join(MIGRATIONS, name), join(before, name));

  it('backfills depositAmount with the seed formula, adds the depositType dictionary, keeps gram counts right', async () => {
    const { db, drop } = await testDb();
    await migrate(db, before);
    const totals: Array<[string, number | null, number | null]> = [
      // tender no, total price, an existing depositAmount
      ['ZB-A', 0, null],
      ['ZB-B', 25_000, null],
      ['ZB-C', 75_000, null],
      ['ZB-D', 2_460_000, null],
      ['ZB-E', 5_000_000, 777],
      ['ZB-F', null, null],
    ];
    for (const [no, totalPrice, deposit] of totals) {
      const detail = { ...(totalPrice === null ? {} : { totalPrice }), ...(deposit === null ? {} : { depositAmount: deposit }) };
      await db.query(
        `WITH n AS (INSERT INTO notices (bind_or_purchase, tender_no, title, issuing_unit, project_address, cutoff_time, published_at)
                    VALUES (0, $1, '标题', '单位', '地点', now(), now()) RETURNING id)
         INSERT INTO notice_details (notice_id, detail) SELECT id, $2 FROM n`,
        [no, JSON.stringify(detail)],
      );
    }
    await db.query(
      'INSERT INTO dictionary_items (type, code, sort, labels) VALUES (\'depositType\', \'transfer\', 0, \'{"zh-CN": "旧", "en": "old", "vie": "old"}\')',
    );
    // 005 first; later migrations (006 on) follow and touch none of this.
    expect((await migrate(db))[0]).toBe('005_tenders.sql');

    const deposits = await db.query<{ no: string; deposit: number }>(
      "SELECT n.tender_no AS no, (d.detail ->> 'depositAmount')::float8 AS deposit FROM notices n JOIN notice_details d ON d.notice_id = n.id ORDER BY n.tender_no",
    );
    expect(deposits.map((r) => [r.no, r.deposit])).toEqual([
      ['ZB-A', 1000],
      ['ZB-B', 1000],
      ['ZB-C', 2000],
      ['ZB-D', 49_000],
      ['ZB-E', 777],
      ['ZB-F', 1000],
    ]);
    const items = await db.query<{ code: string; en: string }>(
      "SELECT code, labels ->> 'en' AS en FROM dictionary_items WHERE type = 'depositType' ORDER BY sort, code",
    );
    expect(items).toEqual([
      { code: 'transfer', en: 'old' },
      { code: 'guarantee', en: 'Bank guarantee' },
      { code: 'draft', en: 'Bank draft' },
    ]);

    // A count or cut-off update moves no grams; a title change still does.
    const grams = async () =>
      (await db.query<{ n: number }>("SELECT coalesce(sum(n), 0)::int AS n FROM notice_gram_counts WHERE gram = '标题'"))[0]!.n;
    expect(await grams()).toBe(6);
    await db.query("UPDATE notices SET registration_count = registration_count + 1, cutoff_time = now() WHERE tender_no = 'ZB-A'");
    expect(await grams()).toBe(6);
    await db.query("UPDATE notices SET title = '新' WHERE tender_no = 'ZB-A'");
    expect(await grams()).toBe(5);
    expect((await db.query<{ n: number }>('SELECT n::int AS n FROM notice_counts WHERE bind_or_purchase = 0'))[0]!.n).toBe(6);
    await drop();
  });
});
