import type { FileRef } from '../../contract/schemas/common';
import type { Tx } from '../db/db';
import { findSupplierByUsername } from '../db/supplier-repo';
import { findApplication } from '../db/visit-application-repo';
import { insertApplication, type NewApplication } from '../db/visit-application-writes';
import type { FileStorage } from '../files/storage';
import { named } from '../services/file-refs';
import { reviewVisitApplication } from '../services/operator-visit';
import type { Receipts } from '../services/receipts';
import { demoPdf } from './documents';
import { demoReceipt, storeDemoFile } from './submissions';

const DAY_MS = 86_400_000;
/** A day `days` from `now` in the server's time zone, as YYYY-MM-DD (the gate windows use that zone). */
const dayOf = (now: Date, days: number) => {
  const d = new Date(now.getTime() + days * DAY_MS);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * The demo visitors' phones: the approved application's work at /visitLogin. None is the demo
 * visitor's 13900000001 (server/seed/communications.ts).
 */
export const DEMO_APPLICATION_PHONES = {
  approved: ['13900000011', '13900000012'],
  pending: ['13900000021'],
  returned: ['13900000031'],
} as const;

const visitor = (name: string, gender: 'M' | 'F', certificateNo: string, phone: string, meal: boolean) => ({
  name,
  gender,
  certificateType: 'ID',
  certificateNo,
  phone,
  meal,
  mealType: meal ? 'STD' : '',
  lodging: false,
});

/**
 * The files of an application each named by the field it was sent in, in the order the save call
 * takes them (server/routes/visit/index.ts): what its receipt lists.
 */
const filesOf = (a: NewApplication): Array<[string, FileRef]> => [
  ...named('labourContract', a.labourContract),
  ...named('contract', a.contract),
  ...named('labourNotice', a.labourNotice),
  ...named('policy', a.policy),
  ...named('insurance.appendix', a.insurance.appendix),
  ...a.files.map((f, i): [string, FileRef] => [`files.${i}.file`, f.file]),
];

/**
 * demo_a104's visit applications: one approved (its two visitors have gate visits from yesterday
 * for two weeks), one pending, one returned with the buyer's reason. Walked through the same
 * writes and the same operator review as the bid service's calls; each has the receipt its save
 * would have issued.
 */
export async function seedDemoVisitApplications(
  db: Tx,
  storage: FileStorage,
  now: Date,
  timeZone: string,
  receipts?: Receipts,
): Promise<void> {
  const supplier = await findSupplierByUsername(db, 'demo_a104');
  if (!supplier) return;
  const { supplierId, username, supplierName } = supplier.supplier;
  const ownFile = async (name: string, lines: string[], at: Date): Promise<FileRef & { size: number }> => {
    const bytes = demoPdf(lines);
    return { ...(await storeDemoFile(db, storage, supplierId, name, bytes, at)), size: bytes.length };
  };

  const application = async (o: {
    intention: string;
    start: number;
    end: number;
    base: string;
    department: string;
    reason: string;
    project: string;
    visitors: NewApplication['visitors'];
    at: Date;
  }) => {
    const contract = await ownFile('劳务合同.pdf', ['Labour contract (demo)'], o.at);
    const safety = await ownFile('安全培训记录.pdf', ['Safety training record (demo)'], o.at);
    const a: NewApplication = {
      intention: o.intention,
      startDate: dayOf(now, o.start),
      endDate: dayOf(now, o.end),
      entryMethod: 'CAR',
      sourceNo: '',
      productionBase: o.base,
      department: o.department,
      reason: o.reason,
      visitingCompany: supplier.supplier.supplierName,
      host: '王经理',
      relatedProject: o.project,
      contract: [],
      labourNotice: [],
      labourContract: [{ name: contract.name, url: contract.url, path: contract.path }],
      policy: [],
      visitors: o.visitors,
      files: [{ type: 'SAFETY', file: safety }],
      insurance: {
        company: '中国平安财产保险股份有限公司',
        type: 'ACCIDENT',
        policyNo: `PA${o.at.getTime()}`.slice(0, 16),
        jobType: '设备安装',
        insuredCount: o.visitors.length,
        amount: '500000.00',
        currency: 'CNY',
        date: dayOf(now, o.start - 3),
        hasInsured: true,
        hasSocialSecurity: true,
        appendix: [],
        insuredPersons: o.visitors.map((v) => ({ certificateNo: v.certificateNo, job: '安装工' })),
      },
    };
    const id = await insertApplication(db, a, supplierId, username, o.at, timeZone);
    await demoReceipt(db, storage, receipts, {
      kind: 'visitApplication',
      recordId: id,
      recordNo: (await findApplication(db, { id }, supplierId))!.visitNo,
      files: filesOf(a),
      supplier: { supplierId, supplierName },
      at: o.at,
    });
    return id;
  };

  const [p1, p2] = DEMO_APPLICATION_PHONES.approved;
  const approved = await application({
    intention: 'INSTALL',
    start: -1,
    end: 14,
    base: 'DG',
    department: 'DG-EQP',
    reason: '纸机传动系统安装调试',
    project: '一号纸机传动系统改造',
    visitors: [visitor('李建国', 'M', '441900199001011231', p1, true), visitor('陈晓梅', 'F', '440300198506152015', p2, false)],
    at: new Date(now.getTime() - 5 * DAY_MS),
  });
  await reviewVisitApplication({ db, storage, now: new Date(now.getTime() - 4 * DAY_MS), timeZone }, { id: approved, approve: true });

  await application({
    intention: 'AUDIT',
    start: 7,
    end: 8,
    base: 'TJ',
    department: 'TJ-PKG',
    reason: '包装车间来料质量联合审核',
    project: '包装材料年度审核',
    visitors: [visitor('周海', 'M', '441900199203045675', DEMO_APPLICATION_PHONES.pending[0], true)],
    at: new Date(now.getTime() - DAY_MS),
  });

  const returned = await application({
    intention: 'DELIVERY',
    start: 3,
    end: 3,
    base: 'DG',
    department: 'DG-PUR',
    reason: '样品送货及技术交流',
    project: '瓦楞原纸样品送检',
    visitors: [visitor('吴静', 'F', '320500198808081236', DEMO_APPLICATION_PHONES.returned[0], false)],
    at: new Date(now.getTime() - 3 * DAY_MS),
  });
  await reviewVisitApplication(
    { db, storage, now: new Date(now.getTime() - 2 * DAY_MS), timeZone },
    { id: returned, return: true, reason: '保险单附件缺失，请补充被保险人名单后重新申请' },
  );
}
