import { readFileSync } from 'node:fs';
import type { Tx } from '../db/db';
import { messageTenderRecords } from '../db/message-repo';
import { findNotice } from '../db/notice-repo';
import { findSupplierByUsername } from '../db/supplier-repo';
import {
  announceResult,
  insertBid,
  insertDeposit,
  insertRefundRequest,
  markRefunded,
  reviewDeposit,
  setRecordStatus,
  signUpRecord,
} from '../db/tender-writes';
import type { FileStorage } from '../files/storage';
import { named } from '../services/file-refs';
import type { Act } from '../services/receipt-issue';
import type { Receipts } from '../services/receipts';
import { demoPdf } from './documents';
import { demoReceipt, storeDemoFile } from './submissions';

const DAY_MS = 86_400_000;
const BOM = readFileSync(new URL('./assets/bom.xlsx', import.meta.url));

/** How far a record of the demo goes: each stage includes the ones before it. */
type Stage = 'signedUp' | 'depositSubmitted' | 'depositConfirmed' | 'bidSubmitted' | 'won' | 'refundRequested' | 'refunded';
const ORDER: Stage[] = ['signedUp', 'depositSubmitted', 'depositConfirmed', 'bidSubmitted', 'won', 'refundRequested', 'refunded'];
const reached = (stage: Stage, step: Stage) => ORDER.indexOf(stage) >= ORDER.indexOf(step);

interface Ctx {
  db: Tx;
  storage: FileStorage;
  supplierId: string;
  supplierName: string;
  /** Signs the receipts of the demo's submissions, as the calls would have; none without it. */
  receipts?: Receipts;
}

/** The receipt of a demo submission, as the call would have issued it. */
const receive = (c: Ctx, act: Pick<Act, 'kind' | 'recordId' | 'recordNo' | 'files' | 'version' | 'at'>) =>
  demoReceipt(c.db, c.storage, c.receipts, { ...act, supplier: { supplierId: c.supplierId, supplierName: c.supplierName } });

const ownFile = (c: Ctx, name: string, bytes: Buffer, at: Date) => storeDemoFile(c.db, c.storage, c.supplierId, name, bytes, at);

/**
 * One record of the demo, walked through the same writes as the bid service's calls (so the
 * registration count rises once). Supplier steps are dated back from `base` (before the
 * cut-off), the buyer's result steps fall between `base` and `now`.
 */
async function demoRecord(c: Ctx, noticeId: string, stage: Stage, base: Date, now: Date): Promise<void> {
  const notice = (await findNotice(c.db, noticeId))!;
  const before = (days: number) => new Date(base.getTime() - days * DAY_MS);
  const after = (share: number) => new Date(base.getTime() + share * (now.getTime() - base.getTime()));
  const { id } = await signUpRecord(c.db, { supplierId: c.supplierId, noticeId, status: 'signedUp' }, before(2.5));
  if (!reached(stage, 'depositSubmitted')) return;
  const slip = await ownFile(
    c,
    '保证金汇款凭证.pdf',
    demoPdf(['Remittance slip (demo)', notice.tenderNo, `Amount: ${notice.depositAmount} ${notice.currency}`]),
    before(2),
  );
  const paymentDate = before(2).toISOString().slice(0, 10);
  await insertDeposit(
    c.db,
    id,
    { depositType: 'transfer', amount: notice.depositAmount, currency: notice.currency, paymentDate, remittanceSlip: slip },
    before(2),
  );
  const on = { recordId: id, recordNo: notice.tenderNo };
  await receive(c, { ...on, kind: 'deposit', files: named('remittanceSlip', [slip]), at: before(2) });
  if (!reached(stage, 'depositConfirmed')) return;
  await reviewDeposit(c.db, id, { confirmed: true }, before(1.5));
  if (!reached(stage, 'bidSubmitted')) return;
  const bidDocuments = [
    await ownFile(c, '投标文件.pdf', demoPdf(['Bid document (demo)', notice.tenderNo, notice.tenderingManner]), before(1)),
  ];
  const certificates = [];
  for (const [i, name] of notice.certificateDocuments.entries()) {
    certificates.push({
      name,
      files: [await ownFile(c, `证书-${i + 1}.pdf`, demoPdf(['Certificate (demo)', `No. ${i + 1} of ${notice.tenderNo}`]), before(1))],
    });
  }
  const billOfMaterials = await ownFile(c, '物料清单.xlsx', BOM, before(1));
  const version = await insertBid(c.db, id, { bidDocuments, certificates, billOfMaterials }, before(1));
  const files = [
    ...named('bidDocuments', bidDocuments),
    ...certificates.flatMap((group, i) => named(`certificates.${i}.files`, group.files)),
    ...named('billOfMaterials', [billOfMaterials]),
  ];
  await receive(c, { ...on, kind: 'bid', version, files, at: before(1) });
  if (stage === 'bidSubmitted') return;
  if (stage === 'won') {
    await announceResult(c.db, noticeId, id, after(0.25));
    return;
  }
  // Lost to a supplier outside the demo: no result row, the record alone says lost (and the
  // supplier heard so, as announce-result would have told it).
  await setRecordStatus(c.db, id, 'lost', after(0.25));
  await messageTenderRecords(c.db, 'resultAnnounced', [{ id, note: 'lost' }], after(0.25));
  await insertRefundRequest(c.db, id, '未中标，申请退还投标保证金', after(0.5));
  await receive(c, { ...on, kind: 'refund', files: [], at: after(0.5) });
  if (stage === 'refunded')
    await markRefunded(
      c.db,
      id,
      await ownFile(c, '保证金退款凭证.pdf', demoPdf(['Deposit refund voucher (demo)', notice.tenderNo]), after(0.75)),
      after(0.75),
    );
}

/** Bidding notices with a deposit, open for more than three days (soonest first) or expired (latest first). */
async function demoNotices(db: Tx, now: Date): Promise<{ open: string[]; expired: Array<{ id: string; cutoff: Date }> }> {
  const select = (where: string, order: string, at: Date) =>
    db.query<{ id: string; cutoff_time: Date }>(
      `SELECT n.id::text AS id, n.cutoff_time FROM notices n JOIN notice_details d ON d.notice_id = n.id
        WHERE n.bind_or_purchase = 0 AND (d.detail ->> 'depositAmount')::float8 > 0 AND ${where} ORDER BY ${order} LIMIT 5`,
      [at],
    );
  const open = await select('n.cutoff_time > $1', 'n.cutoff_time, n.id', new Date(now.getTime() + 3 * DAY_MS));
  const expired = await select('n.cutoff_time < $1', 'n.cutoff_time DESC, n.id', now);
  return { open: open.map((r) => r.id), expired: expired.map((r) => ({ id: r.id, cutoff: new Date(r.cutoff_time) })) };
}

/**
 * Tender records of the demo suppliers, one in each state the tender management list shows:
 * demo_a104 has signed up, paid (awaiting review), a confirmed deposit (may upload its bid) and
 * a submitted bid on open notices, and won, lost with a refund requested, and refunded on
 * expired ones; demo_a141 has signed up once. Files are real (PDFs, an .xlsx bill of materials).
 */
export async function seedDemoTenders(db: Tx, storage: FileStorage, now: Date, receipts?: Receipts): Promise<void> {
  const a104 = (await findSupplierByUsername(db, 'demo_a104'))?.supplier;
  const a141 = (await findSupplierByUsername(db, 'demo_a141'))?.supplier;
  const { open, expired } = await demoNotices(db, now);
  if (!a104 || !a141 || open.length < 5 || expired.length < 3) return;
  const c104: Ctx = { db, storage, supplierId: a104.supplierId, supplierName: a104.supplierName, receipts };
  const openStages: Stage[] = ['signedUp', 'depositSubmitted', 'depositConfirmed', 'bidSubmitted'];
  for (const [i, stage] of openStages.entries()) await demoRecord(c104, open[i]!, stage, new Date(now.getTime() - (i + 1) * 3600_000), now);
  const closedStages: Stage[] = ['won', 'refundRequested', 'refunded'];
  for (const [i, stage] of closedStages.entries()) await demoRecord(c104, expired[i]!.id, stage, expired[i]!.cutoff, now);
  await demoRecord({ db, storage, supplierId: a141.supplierId, supplierName: a141.supplierName, receipts }, open[4]!, 'signedUp', now, now);
}
