import { describe, expect, it } from 'vitest';
import { messageKeys, wireTables } from './messages';
import { visitApplySaveRequest } from './schemas/visit';
import { earliestToday, reviewBlock, visitDatesProblem, VISIT_REVIEW_STATUSES, withdrawBlock } from './visit-values';

const NOW = Date.parse('2026-11-03T02:00:00Z');

describe('visit application states', () => {
  it('withdraws and reviews only a pending application, each refusal with its reason', () => {
    expect(VISIT_REVIEW_STATUSES.map(withdrawBlock)).toEqual([
      null,
      'visitAlreadyApproved',
      'visitAlreadyReturned',
      'visitAlreadyWithdrawn',
    ]);
    expect(VISIT_REVIEW_STATUSES.map(reviewBlock)).toEqual([null, 'conflict', 'conflict', 'conflict']);
  });
});

describe('visit dates', () => {
  it('takes today where it is earliest on Earth (UTC-12) as the first acceptable start', () => {
    expect(earliestToday(NOW)).toBe('2026-11-02');
    expect(visitDatesProblem('2026-11-02', '2026-11-02', NOW)).toBeNull();
    expect(visitDatesProblem('2026-11-01', '2026-11-05', NOW)).toEqual({ field: 'startDate', key: 'visitStartInPast' });
    expect(visitDatesProblem('2026-11-05', '2026-11-04', NOW)).toEqual({ field: 'endDate', key: 'visitEndBeforeStart' });
  });
});

const ref = { name: 'a.pdf', url: '', path: 'u/a.pdf' };
const visitor = (certificateNo: string, phone: string) => ({
  name: '甲',
  gender: 'M',
  certificateType: 'ID',
  certificateNo,
  phone,
  meal: false,
  mealType: '',
  lodging: true,
});
const good = {
  intention: 'AUDIT',
  startDate: '2030-01-02',
  endDate: '2030-01-03',
  entryMethod: 'CAR',
  productionBase: 'DG',
  department: 'DG-QA',
  reason: '审核',
  visitingCompany: '公司',
  host: '王',
  relatedProject: 'XJ1',
  labourContract: [ref],
  visitors: [visitor('441900199001011231', '13700000001'), visitor('440300198506152015', '13700000002')],
  insurance: {
    company: '保险',
    type: 'ACCIDENT',
    policyNo: 'P1',
    jobType: '审核',
    insuredCount: 1,
    amount: '100.50',
    currency: 'CNY',
    date: '2030-01-01',
    hasInsured: true,
    hasSocialSecurity: false,
    insuredPersons: [{ certificateNo: '440300198506152015', job: '审核员' }],
  },
};
const problems = (body: unknown) =>
  visitApplySaveRequest.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('visitApplySaveRequest', () => {
  it('accepts a good application and fills the optional file fields', () => {
    const parsed = visitApplySaveRequest.parse(good);
    expect(parsed).toMatchObject({ contract: [], files: [], sourceNo: '', insurance: { appendix: [] } });
  });
  it('raises each rule with its own key', () => {
    expect(problems({ ...good, endDate: '2030-01-01' })).toEqual(['endDate:visitEndBeforeStart']);
    expect(problems({ ...good, visitors: [good.visitors[0], { ...good.visitors[1], phone: '13700000001' }] })).toEqual([
      'visitors.1.phone:visitorPhoneDuplicate',
    ]);
    expect(
      problems({ ...good, insurance: { ...good.insurance, insuredPersons: [{ certificateNo: '11010519491231002X', job: 'x' }] } }),
    ).toEqual(['insurance.insuredPersons.0.certificateNo:insuredNotVisitor']);
    expect(problems({ ...good, visitors: [{ ...good.visitors[0], certificateNo: '441900199001011230' }, good.visitors[1]] })).toEqual([
      'visitors.0.certificateNo:residentIdInvalid',
    ]);
    expect(problems({ ...good, visitors: [{ ...good.visitors[0], meal: true }, good.visitors[1]] })).toEqual([
      'visitors.0.mealType:mealTypeRequired',
    ]);
    expect(problems({ ...good, files: Array.from({ length: 21 }, () => ({ type: 'OTHER', file: ref })) })).toEqual(['files:tooManyFiles']);
    expect(problems({ ...good, files: [{ type: '', file: ref }] })).toEqual(['files.0.type:fileTypeRequired']);
    expect(problems({ ...good, labourContract: [] })).toEqual(['labourContract:labourContractRequired']);
    expect(problems({ ...good, visitors: [] })).toEqual([
      'visitors:visitorsRequired',
      'insurance.insuredPersons.0.certificateNo:insuredNotVisitor',
    ]);
    expect(problems({ ...good, insurance: undefined })).toEqual(['insurance:insuranceRequired']);
    expect(problems({ ...good, relatedProject: ' ' })).toEqual(['relatedProject:relatedProjectRequired']);
    expect(problems({ ...good, insurance: { ...good.insurance, amount: '0.00' } })).toEqual(['insurance.amount:amountInvalid']);
    expect(problems({ ...good, insurance: { ...good.insurance, insuredCount: 2 } })).toEqual([
      'insurance.insuredCount:insuredCountMismatch',
    ]);
  });
  it('every key it raises is translated in the three languages', () => {
    for (const key of [
      'visitEndBeforeStart',
      'visitStartInPast',
      'insuredNotVisitor',
      'residentIdInvalid',
      'visitorPhoneDuplicate',
      'labourContractRequired',
    ] as const) {
      expect(messageKeys).toContain(key);
      for (const table of Object.values(wireTables)) expect(table[key]).toBeTruthy();
    }
    expect(wireTables.en.visitStartInPast).not.toBe(wireTables.vie.visitStartInPast);
  });
});
