import type { FileRef } from '../../contract/schemas/common';
import type { Tx } from '../db/db';
import { insertReply, insertThread } from '../db/communication-repo';
import { findSupplierByUsername } from '../db/supplier-repo';
import { insertVisit } from '../db/visit-repo';
import type { FileStorage } from '../files/storage';
import { named } from '../services/file-refs';
import type { Receipts } from '../services/receipts';
import { demoPdf } from './documents';
import { demoReceipt, storeDemoFile } from './submissions';

const DAY_MS = 86_400_000;
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** The phone of the demo visitor: an approved visit from yesterday for 30 days. */
export const DEMO_VISITOR = { phone: '13900000001', name: '访客演示' } as const;

/**
 * Three threads of demo_a104, one in each status: closed (oldest), awaiting the supplier (the
 * buyer replied with an attachment) and awaiting the buyer (the supplier added to its question,
 * with an attachment). Dates follow `now`. Each of the supplier's messages has the receipt its
 * call would have issued (`communication` for the opening question, `reply` after it); the
 * buyer's have none.
 */
export async function seedDemoCommunications(
  db: Tx,
  storage: FileStorage,
  now: Date,
  timeZone: string,
  receipts?: Receipts,
): Promise<void> {
  const supplier = (await findSupplierByUsername(db, 'demo_a104'))?.supplier;
  if (!supplier) return;
  const { supplierId, supplierName } = supplier;
  const sponsor = supplier.contactName;
  /** The receipt of a supplier's message, as the communication routes issue it. */
  const receive = (
    kind: 'communication' | 'reply',
    thread: { id: string; questionNo: string },
    message: { id: string; attachments: FileRef[] },
    at: Date,
  ) =>
    demoReceipt(db, storage, receipts, {
      kind,
      recordId: thread.id,
      recordNo: thread.questionNo,
      partId: message.id,
      files: named('attachments', message.attachments),
      supplier: { supplierId, supplierName },
      at,
    });
  const tender = await db.query<{ tender_no: string }>('SELECT tender_no FROM notices WHERE bind_or_purchase = 0 ORDER BY id LIMIT 1');

  const closed = await insertThread(
    db,
    {
      supplierId,
      sponsor,
      topic: '开票信息变更',
      priority: 'low',
      sourceNo: null,
      content: '我司开票地址已变更为苏州市吴江区松陵镇纸业路 66 号，请更新贵司系统中的开票信息。',
      attachments: [],
    },
    ago(now, 20),
    timeZone,
  );
  await receive('communication', closed, { id: closed.openingId, attachments: [] }, ago(now, 20));
  await insertReply(
    db,
    {
      threadId: closed.id,
      side: 'buyer',
      sponsor: '财务部 王芳',
      detail: '已更新，此后的发票请按新地址开具。本沟通关闭。',
      attachments: [],
      status: 'closed',
    },
    ago(now, 18),
  );

  const awaitingSupplier = await insertThread(
    db,
    {
      supplierId,
      sponsor,
      topic: '瓦楞原纸样品检测结果确认',
      priority: 'high',
      sourceNo: tender[0]?.tender_no ?? null,
      content: '我司已于上周寄出 120g 瓦楞原纸样品两卷，请问检测结果何时可以出来？',
      attachments: [],
    },
    ago(now, 5),
    timeZone,
  );
  await receive('communication', awaitingSupplier, { id: awaitingSupplier.openingId, attachments: [] }, ago(now, 5));
  // The buyer's report, which the supplier may download as its own.
  const report = await storeDemoFile(
    db,
    storage,
    supplierId,
    '样品检测报告.txt',
    Buffer.from('样品检测报告（演示）\n环压强度：合格\n耐破指数：合格\n水分：7.8%，合格\n', 'utf8'),
    ago(now, 3),
  );
  await insertReply(
    db,
    {
      threadId: awaitingSupplier.id,
      side: 'buyer',
      sponsor: '采购部 李敏',
      detail: '检测已完成，报告见附件。请确认批量供货时的环压强度能否稳定在同一水平。',
      attachments: [report],
      status: 'awaitingSupplier',
    },
    ago(now, 3),
  );

  const awaitingBuyer = await insertThread(
    db,
    {
      supplierId,
      sponsor,
      topic: '交货周期及包装要求咨询',
      priority: 'medium',
      sourceNo: null,
      content: '请问月度订单的交货周期要求是多少天？包装是否需要缠绕膜加护角？',
      attachments: [],
    },
    ago(now, 2),
    timeZone,
  );
  await receive('communication', awaitingBuyer, { id: awaitingBuyer.openingId, attachments: [] }, ago(now, 2));
  const sketch = await storeDemoFile(
    db,
    storage,
    supplierId,
    '现行包装示意图.pdf',
    demoPdf(['Packaging sketch (demo)', 'Roll, stretch film, corner protectors, pallet']),
    ago(now, 1.5),
  );
  const followUp = await insertReply(
    db,
    {
      threadId: awaitingBuyer.id,
      side: 'supplier',
      sponsor,
      detail: '补充：我司月度订单约 300 吨，附现行包装示意图供参考。',
      attachments: [sketch],
      status: 'awaitingBuyer',
    },
    ago(now, 1.5),
  );
  await receive('reply', awaitingBuyer, followUp, ago(now, 1.5));
}

/** The approved demo visit of DEMO_VISITOR at the Dongguan base. */
export async function seedDemoVisit(db: Tx, now: Date, timeZone: string): Promise<void> {
  await insertVisit(
    db,
    {
      phone: DEMO_VISITOR.phone,
      visitorName: DEMO_VISITOR.name,
      baseCode: 'DG',
      departmentCode: 'DG-PUR',
      host: '王经理',
      reason: '供应商来访洽谈',
      validFrom: ago(now, 1),
      validUntil: new Date(now.getTime() + 30 * DAY_MS),
    },
    now,
    timeZone,
  );
}
