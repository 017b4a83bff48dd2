import type { Tx } from '../db/db';
import { insertReply, insertThread } from '../db/communication-repo';
import { insertFile } from '../db/file-repo';
import { findSupplierByUsername } from '../db/supplier-repo';
import { insertVisit } from '../db/visit-repo';
import type { FileStorage } from '../files/storage';
import { mimeOf } from '../files/mime';
import { downloadUrl } from '../services/file-refs';

const DAY_MS = 86_400_000;
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** The phone of the demo visitor: an approved visit from yesterday for 30 days. */
export const DEMO_VISITOR = { phone: '13900000001', name: '访客演示' } as const;

/**
 * Three threads of demo_a104, one in each status: closed (oldest), awaiting the supplier (the
 * buyer replied with an attachment) and awaiting the buyer. Dates follow `now`.
 */
export async function seedDemoCommunications(db: Tx, storage: FileStorage, now: Date, timeZone: string): Promise<void> {
  const supplier = (await findSupplierByUsername(db, 'demo_a104'))?.supplier;
  if (!supplier) return;
  const supplierId = supplier.supplierId;
  const sponsor = supplier.contactName;
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
  const reportName = '样品检测报告.txt';
  const key = storage.newKey('u', reportName, now);
  const { size, sha256 } = await storage.writeBytes(
    key,
    Buffer.from('样品检测报告（演示）\n环压强度：合格\n耐破指数：合格\n水分：7.8%，合格\n', 'utf8'),
  );
  await insertFile(
    db,
    { storageKey: key, ownerSupplierId: supplierId, public: false, originalName: reportName, size, sha256, mime: mimeOf(key) },
    ago(now, 3),
  );
  await insertReply(
    db,
    {
      threadId: awaitingSupplier.id,
      side: 'buyer',
      sponsor: '采购部 李敏',
      detail: '检测已完成，报告见附件。请确认批量供货时的环压强度能否稳定在同一水平。',
      attachments: [{ name: reportName, url: downloadUrl(key), path: key }],
      status: 'awaitingSupplier',
    },
    ago(now, 3),
  );

  await insertThread(
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
