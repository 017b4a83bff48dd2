import type { FileRef } from '../../contract/schemas/common';
import type { VisitApplicationDetail } from '../../contract/schemas/visit';
import { runOperatorAction, type OperatorAction } from '../services/operator-actions';
import { BYTES, tenderKit } from './tenders';
import type { TestApp } from './helper';

/** Visit application test kit: sessions, uploads, a body that passes every rule, the operator. */

/** Valid resident IDs (GB 11643 check digits), each with a phone. */
export const PEOPLE = [
  { name: '李建国', certificateNo: '441900199001011231', phone: '13700000101' },
  { name: '陈晓梅', certificateNo: '440300198506152015', phone: '13700000102' },
  { name: '周海', certificateNo: '441900199203045675', phone: '13700000103' },
  { name: '吴静', certificateNo: '320500198808081236', phone: '13700000104' },
];

export const dayFrom = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export function visitKit(t: TestApp) {
  const tk = tenderKit(t);
  const as = (s: { token: string }, headers: Record<string, string> = {}) => ({ token: s.token, headers });
  const upload = (name: string, s: { token: string }): Promise<FileRef> => tk.upload(name, BYTES.pdf, s);

  const operator = <T = unknown>(action: OperatorAction, input: unknown) =>
    runOperatorAction(
      { db: t.db, storage: t.app.services.storage, now: new Date(t.clock.now), timeZone: t.app.services.timeZone },
      action,
      input,
    ) as Promise<T>;

  const visitorOf = (p: (typeof PEOPLE)[number], overrides: Record<string, unknown> = {}) => ({
    name: p.name,
    gender: 'M',
    certificateType: 'ID',
    certificateNo: p.certificateNo,
    phone: p.phone,
    meal: true,
    mealType: 'STD',
    lodging: false,
    ...overrides,
  });

  /** A body that passes every rule: two visitors, a labour contract, one typed file, insurance for both. */
  async function body(s: { token: string }, people = PEOPLE.slice(0, 2)) {
    return {
      intention: 'INSTALL',
      startDate: dayFrom(t.clock.now, 2),
      endDate: dayFrom(t.clock.now, 4),
      entryMethod: 'CAR',
      sourceNo: '',
      productionBase: 'DG',
      department: 'DG-EQP',
      reason: '设备安装',
      visitingCompany: '演示纸品有限公司',
      host: '王经理',
      relatedProject: 'ZB20260101000001',
      contract: [],
      labourNotice: [],
      labourContract: [await upload('劳务合同.pdf', s)],
      policy: [],
      visitors: people.map((p) => visitorOf(p)),
      files: [{ type: 'SAFETY', file: await upload('安全培训.pdf', s) }],
      insurance: {
        company: '平安保险',
        type: 'ACCIDENT',
        policyNo: 'PA0001',
        jobType: '安装',
        insuredCount: people.length,
        amount: '500000.00',
        currency: 'CNY',
        date: dayFrom(t.clock.now, 0),
        hasInsured: true,
        hasSocialSecurity: true,
        appendix: [],
        insuredPersons: people.map((p) => ({ certificateNo: p.certificateNo, job: '安装工' })),
      },
    };
  }

  const save = (s: { token: string }, b: unknown, headers: Record<string, string> = {}) =>
    t.post<VisitApplicationDetail>('/visitApply/save', b, as(s, headers));

  return { as, session: tk.session, upload, operator, visitorOf, body, save };
}
