import { DEFAULT_TIME_ZONE } from '../../contract/time-zone';
import type { Db, Tx } from '../db/db';
import { insertFile } from '../db/file-repo';
import { countAllNotices, insertNotice } from '../db/notice-repo';
import type { Receipts } from '../services/receipts';
import type { FileStorage } from '../files/storage';
import { mimeOf } from '../files/mime';
import { downloadUrl } from '../services/file-refs';
import { seedDemoCommunications, seedDemoVisit } from './communications';
import { seedDemoEnquiries } from './enquiries';
import { demoNotice, type PublicDocs } from './notices';
import { rng } from './random';
import { BUYER_COUNTERPARTS, DICTIONARIES, PRODUCTION_BASES, REGIONS } from './reference-data';
import { seedDemoSuppliers } from './suppliers';
import { seedDemoTenders } from './tenders';
import { seedDemoQuestions } from './questions';
import { seedDemoVisitApplications } from './visit-applications';

export { DEMO_ACCOUNTS, existingDemoAccounts } from './suppliers';
export { seedBulkNotices } from './bulk-notices';
export { DEMO_VISITOR } from './communications';

const SEED = 20_260_076;
export const DEMO_BIDDING_NOTICES = 60;
export const DEMO_PURCHASING_NOTICES = 40;

/** Reference data every installation needs (dictionaries, regions, production bases). */
export async function seedReference(db: Tx): Promise<void> {
  for (const [type, items] of Object.entries(DICTIONARIES)) {
    for (const [sort, [code, labels]] of items.entries()) {
      await db.query('INSERT INTO dictionary_items (type, code, sort, labels) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        type,
        code,
        sort,
        JSON.stringify(labels),
      ]);
    }
  }
  for (const [code, labels, cities] of REGIONS) {
    await db.query('INSERT INTO regions (code, parent_code, labels) VALUES ($1, NULL, $2) ON CONFLICT DO NOTHING', [
      code,
      JSON.stringify(labels),
    ]);
    for (const [cityCode, cityLabels] of cities) {
      await db.query('INSERT INTO regions (code, parent_code, labels) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        cityCode,
        code,
        JSON.stringify(cityLabels),
      ]);
    }
  }
  for (const [sort, [code, labels, departments, timeZone]] of PRODUCTION_BASES.entries()) {
    await db.query('INSERT INTO production_bases (code, sort, labels, time_zone) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      code,
      sort,
      JSON.stringify(labels),
      timeZone,
    ]);
    for (const [dsort, [dcode, dlabels]] of departments.entries()) {
      await db.query('INSERT INTO departments (code, base_code, sort, labels) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        dcode,
        code,
        dsort,
        JSON.stringify(dlabels),
      ]);
    }
  }
  for (const [sort, [account, name, department]] of BUYER_COUNTERPARTS.entries()) {
    await db.query('INSERT INTO buyer_counterparts (account, name, department_code, sort) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      account,
      name,
      department,
      sort,
    ]);
  }
}

async function publicDoc(db: Tx, storage: FileStorage, name: string, content: string, now: Date) {
  const key = storage.newKey('p', name, now);
  const { size, sha256 } = await storage.writeBytes(key, Buffer.from(content, 'utf8'));
  await insertFile(db, { storageKey: key, ownerSupplierId: null, public: true, originalName: name, size, sha256, mime: mimeOf(key) }, now);
  return { name, url: downloadUrl(key), path: key };
}

/**
 * The demo's messages were written by the seeded changes themselves (server/db/message-repo.ts);
 * those older than three and a half days were read an hour after they came, so the message
 * center opens with the last days' news unread (demo_a104: deposits confirmed, new enquiries and
 * a round, the buyer's answer, the returned visit) and older history read.
 */
async function readOldMessages(db: Tx, now: Date): Promise<void> {
  await db.query("UPDATE supplier_messages SET read_at = created_at + interval '1 hour' WHERE read_at IS NULL AND created_at < $1", [
    new Date(now.getTime() - 3.5 * 86_400_000),
  ]);
}

/** The advisory lock of the demo seed. */
const SEED_LOCK = 7301946504;

/**
 * The demo installation: reference data, public notice documents, 60 bidding and 40
 * purchasing notices, the three demo suppliers, three communication threads of demo_a104, tender
 * records of demo_a104 (one per state) and demo_a141, demo_a104's questions on a notice (one
 * answered publicly, one waiting; server/seed/questions.ts), enquiries of both in every bargaining state
 * (server/seed/enquiries.ts), an approved visit for the demo visitor's phone, and demo_a104's visit
 * applications approved, pending and returned (server/seed/visit-applications.ts), with the
 * messages those changes wrote (older ones read) and, given `receipts`, the receipts the
 * suppliers' calls would have issued (server/seed/submissions.ts). Content is the same on every
 * run; only the dates follow `now`, so deadlines stay a mix of expired, imminent and open.
 * Does nothing when notices exist already. One transaction under a database lock: instances
 * started together on one PostgreSQL seed it once, and a failed seed leaves nothing half-written.
 */
export async function seedDemo(
  database: Db,
  storage: FileStorage,
  now = new Date(),
  timeZone = DEFAULT_TIME_ZONE,
  receipts?: Receipts,
): Promise<boolean> {
  // All of it or nothing, once: a second instance waits at the lock, then finds the notices.
  return database.transaction(async (db) => {
    await db.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if ((await countAllNotices(db)) > 0) return false;
    await seedReference(db);
    const docs: PublicDocs = {
      template: await publicDoc(
        db,
        storage,
        '分项报价模板.csv',
        '序号,物料名称,规格型号,单位,数量,含税单价,含税金额,备注\n1,,,,,,,\n',
        now,
      ),
      specification: await publicDoc(
        db,
        storage,
        '技术规格书.txt',
        '技术规格书（演示）\n一、质量标准：符合国家标准及买方企业标准。\n二、验收方式：到货抽检。\n',
        now,
      ),
    };
    const r = rng(SEED);
    for (let i = 0; i < DEMO_BIDDING_NOTICES; i++) await insertNotice(db, demoNotice(r, i, 0, now, docs));
    for (let i = 0; i < DEMO_PURCHASING_NOTICES; i++) await insertNotice(db, demoNotice(r, i, 1, now, docs));
    await seedDemoSuppliers(db, storage, now);
    await seedDemoCommunications(db, storage, now, timeZone, receipts);
    await seedDemoTenders(db, storage, now, receipts);
    await seedDemoQuestions(db, storage, now, timeZone, receipts);
    await seedDemoEnquiries(db, storage, now, receipts);
    await seedDemoVisit(db, now, timeZone);
    await seedDemoVisitApplications(db, storage, now, timeZone, receipts);
    await readOldMessages(db, now);
    return true;
  });
}
