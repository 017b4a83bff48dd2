import { describe, expect, it } from 'vitest';
import { message } from '@/locales/wire';
import { visitErrors, type VisitChoices } from './visit-errors';
import { copyOfApplication, mendedVisitValues } from './stored-visit-values';
import { emptyTypedFile, emptyVisitValues, isEmptyVisit, outboxFiles, visitPayload, type VisitFormValues } from './visit-values';

const NOW = Date.parse('2026-11-23T08:00:00Z');
const pdf = (name: string) => new File([new Uint8Array(8)], name, { type: 'application/pdf' });
const LABELS = { contract: 'c', labourNotice: 'n', labourContract: 'lc', policy: 'p', appendix: 'a', files: 'f' };

/** A complete application for two visitors, the first insured. */
function filled(): VisitFormValues {
  const v = emptyVisitValues('示例纸业');
  const visitor = (name: string, certificateNo: string, phone: string) => ({
    ...v.visitors[0]!,
    key: name,
    name,
    gender: 'M',
    certificateType: 'ID',
    certificateNo,
    phone,
    meal: 'no' as const,
    lodging: 'no' as const,
  });
  return {
    ...v,
    intention: 'AUDIT',
    startDate: '2026-12-01',
    endDate: '2026-12-02',
    entryMethod: 'CAR',
    productionBase: 'BASE1',
    department: 'D1',
    reason: '年度审核',
    host: '王经理',
    relatedProject: 'ZB2026001',
    labourContract: { files: [pdf('劳务合同.pdf')], kept: [] },
    visitors: [
      { ...visitor('张三', '11010519491231002X', '13900000101'), insured: true, job: '审核员' },
      visitor('李四', 'E12345678', '13900000102'),
    ],
    insurance: {
      ...v.insurance,
      company: '平安保险',
      type: 'ACCIDENT',
      policyNo: 'P-1',
      jobType: '审核',
      amount: '500000.00',
      currency: 'CNY',
      date: '2026-11-20',
      hasInsured: 'yes',
      hasSocialSecurity: 'no',
    },
  };
}

describe('the visit application form against the contract', () => {
  it('a complete application has no problem; its body carries the insured count and trimmed texts', () => {
    const v = filled();
    v.visitors[1]!.certificateType = 'PASSPORT';
    expect(visitErrors(v, 'zh-CN', NOW)).toEqual({});
    const body = visitPayload({ ...v, host: '  王经理 ' }, false);
    expect(body.host).toBe('王经理');
    expect(body.insurance.insuredCount).toBe(1);
    expect(body.insurance.insuredPersons).toEqual([{ certificateNo: '11010519491231002X', job: '审核员' }]);
    // Files chosen here go to the outbox, not into the body.
    expect(body.labourContract).toEqual([]);
  });

  it('names each problem where the form shows it', () => {
    const v = filled();
    v.startDate = '2026-11-01';
    v.visitors[1]!.phone = v.visitors[0]!.phone;
    v.visitors[1]!.meal = 'yes';
    v.labourContract = { files: [], kept: [] };
    v.files = [{ ...emptyTypedFile(), file: pdf('x.pdf') }, emptyTypedFile()];
    v.visitors[0]!.job = '';
    const errors = visitErrors(v, 'zh-CN', NOW);
    expect(errors).toMatchObject({
      startDate: '开始日期不能早于今天',
      'visitors.1.phone': expect.any(String),
      'visitors.1.mealType': '选择用餐时须选择用餐类型',
      labourContract: '请上传劳务合同',
      'files.0.type': '请选择文件类型',
      'files.1.file': '未选择文件',
      'visitors.0.job': expect.any(String),
    });
  });

  it('requires an insured person among the visitors and at least one visitor', () => {
    const v = filled();
    v.visitors = v.visitors.map((visitor) => ({ ...visitor, insured: false }));
    expect(visitErrors(v, 'en', NOW)['insurance.insuredPersons']).toBe('Add at least one insured person');
    expect(visitErrors({ ...v, visitors: [] }, 'zh-CN', NOW).visitors).toBe('请至少添加一名来访人员');
  });

  it('an end before the start is refused on the end date', () => {
    expect(visitErrors({ ...filled(), endDate: '2026-11-30' }, 'zh-CN', NOW).endDate).toBe('结束日期不能早于开始日期');
  });

  it('the outbox gets every chosen file by field; typed files after the kept ones, one per row', () => {
    const v = filled();
    v.files = [
      { ...emptyTypedFile(), type: 'PLAN', file: pdf('plan.pdf') },
      {
        ...emptyTypedFile(),
        type: 'SAFETY',
        kept: { name: 's.pdf', url: '/u', path: 'files/s', size: 3, uploader: 'demo', uploadedAt: '2026-11-01T00:00:00Z' },
        file: null,
      },
    ];
    expect(visitPayload(v, false).files).toEqual([
      { type: 'SAFETY', file: { name: 's.pdf', url: '/u', path: 'files/s' } },
      { type: 'PLAN' },
    ]);
    const fields = outboxFiles(v, LABELS);
    expect(fields.map((f) => [f.field, f.files.map((file) => file.name), 'single' in f])).toEqual([
      ['contract', [], false],
      ['labourNotice', [], false],
      ['labourContract', ['劳务合同.pdf'], false],
      ['policy', [], false],
      ['insurance.appendix', [], false],
      ['files.1.file', ['plan.pdf'], true],
    ]);
  });

  it('a new form is empty until something is filled; a chosen file alone makes it a draft', () => {
    const v = emptyVisitValues('示例纸业', 'ZB1');
    expect(isEmptyVisit(v, '示例纸业', 'ZB1')).toBe(true);
    expect(isEmptyVisit({ ...v, policy: { files: [pdf('p.pdf')], kept: [] } }, '示例纸业', 'ZB1')).toBe(false);
    expect(isEmptyVisit({ ...v, host: 'x' }, '示例纸业', 'ZB1')).toBe(false);
  });

  it('a copy keeps everything but the dates, with the stored files and the insured persons', () => {
    const copy = copyOfApplication({
      id: 'a1',
      visitNo: 'VA1',
      intention: 'AUDIT',
      intentionName: '',
      startDate: '2026-01-01',
      endDate: '2026-01-02',
      productionBase: 'B',
      productionBaseName: '',
      department: 'D',
      departmentName: '',
      relatedProject: 'ZB1',
      copiedFrom: null,
      reviewStatus: 'returned',
      reviewReason: '保险过期',
      reviewedAt: null,
      visitorCount: 1,
      submittedAt: '',
      entryMethod: 'CAR',
      sourceNo: '',
      reason: 'r',
      visitingCompany: 'c',
      host: 'h',
      contract: [],
      labourNotice: [],
      labourContract: [{ name: 'l.pdf', url: '/l', path: 'files/l' }],
      policy: [],
      visitors: [
        {
          name: '张三',
          gender: 'M',
          certificateType: 'ID',
          certificateNo: '11010519491231002X',
          phone: '13900000101',
          meal: true,
          mealType: 'STD',
          lodging: false,
        },
      ],
      files: [],
      receipt: null,
      serverTime: '',
      insurance: {
        company: 'c',
        type: 't',
        policyNo: 'p',
        jobType: 'j',
        insuredCount: 1,
        amount: '1000',
        currency: 'CNY',
        date: '2026-01-01',
        hasInsured: true,
        hasSocialSecurity: false,
        appendix: [],
        insuredPersons: [{ certificateNo: '11010519491231002X', name: '张三', job: '电工' }],
      },
    });
    expect(copy).toMatchObject({
      startDate: '',
      endDate: '',
      copiedFrom: 'a1',
      labourContract: { files: [], kept: [{ name: 'l.pdf', url: '/l', path: 'files/l' }] },
    });
    expect(copy.visitors[0]).toMatchObject({ meal: 'yes', mealType: 'STD', lodging: 'no', insured: true, job: '电工' });
    expect(copy.insurance.amount).toBe('1000.00');
  });

  it('a refused entry opens with what it held: its body and its stored files back in their fields and rows', () => {
    const v = filled();
    const plan = pdf('plan.pdf');
    const appendix = pdf('附件.pdf');
    v.visitors[1]!.certificateType = 'PASSPORT';
    v.copiedFrom = 'a1';
    v.policy = { files: [], kept: [{ name: 'p.pdf', url: '/p', path: 'files/p' }] };
    v.insurance.appendix = { files: [appendix], kept: [] };
    v.files = [
      { ...emptyTypedFile(), type: 'PLAN', file: plan },
      {
        ...emptyTypedFile(),
        type: 'SAFETY',
        kept: { name: 's.pdf', url: '/u', path: 'files/s', size: 3, uploader: 'demo', uploadedAt: '2026-11-01T00:00:00Z' },
        file: null,
      },
    ];
    // What the outbox holds: the body, and the files by field (as `entryFiles` gives them back).
    const stored = Object.fromEntries(outboxFiles(v, LABELS).map(({ field, files }) => [field, files]));
    const mended = mendedVisitValues(structuredClone(visitPayload(v, false)) as unknown as Record<string, unknown>, stored);
    const withoutKeys = (values: VisitFormValues) => ({
      ...values,
      visitors: values.visitors.map(({ key: _, ...rest }) => rest),
      files: values.files.map(({ key: _, ...rest }) => rest),
    });
    expect(withoutKeys(mended)).toEqual(
      withoutKeys({
        ...v,
        // Kept rows first, as the body holds them; of a kept file only its reference travels.
        files: [
          { key: '', type: 'SAFETY', file: null, kept: { name: 's.pdf', url: '/u', path: 'files/s' } },
          { key: '', type: 'PLAN', file: plan, kept: null },
        ],
      }),
    );
    expect(mended.labourContract.files[0]).toBe(v.labourContract.files[0]);
    expect(visitErrors(mended, 'zh-CN', NOW)).toEqual({});
  });
});

describe('the visit application form against the choices on the device', () => {
  const opt = (...codes: string[]) => codes.map((code) => ({ code, label: code }));
  /** Every dictionary of the form and base BASE1's departments, as loaded. */
  const loaded = (): VisitChoices => ({
    dictionaries: {
      visitIntention: opt('AUDIT'),
      entryMethod: opt('CAR'),
      gender: opt('M', 'F'),
      certificateType: opt('ID', 'PASSPORT'),
      mealType: opt('STD'),
      visitFileType: opt('PLAN'),
      insuranceType: opt('ACCIDENT'),
      currency: opt('CNY'),
    },
    bases: opt('BASE1', 'BASE2'),
    departments: { base: 'BASE1', options: opt('D1') },
  });

  it('a complete application whose codes the choices list has no problem', () => {
    const v = filled();
    v.visitors[1]!.certificateType = 'PASSPORT';
    v.visitors[0]!.meal = 'yes';
    v.visitors[0]!.mealType = 'STD';
    v.files = [{ ...emptyTypedFile(), type: 'PLAN', file: pdf('plan.pdf') }];
    expect(visitErrors(v, 'zh-CN', NOW, loaded())).toEqual({});
  });

  it('flags each code its loaded dictionary does not list, where the form shows it', () => {
    const v = filled();
    v.intention = 'TOUR';
    v.entryMethod = 'BUS';
    v.visitors[0]!.gender = 'X';
    v.visitors[1]!.certificateType = 'OLD';
    v.visitors[1]!.certificateNo = 'ABC12345';
    v.visitors[1]!.meal = 'yes';
    v.visitors[1]!.mealType = 'HALAL';
    v.files = [{ ...emptyTypedFile(), type: 'MAP', file: pdf('map.pdf') }];
    v.insurance.type = 'LIFE';
    v.insurance.currency = 'EUR';
    const invalid = message('choiceInvalid', 'zh-CN');
    expect(visitErrors(v, 'zh-CN', NOW, loaded())).toEqual({
      intention: invalid,
      entryMethod: invalid,
      'visitors.0.gender': invalid,
      'visitors.1.certificateType': invalid,
      'visitors.1.mealType': invalid,
      'files.0.type': invalid,
      'insurance.type': invalid,
      'insurance.currency': invalid,
    });
    // A meal type left from before "no meal" is not sent, so not checked.
    v.visitors[1]!.meal = 'no';
    expect(visitErrors(v, 'zh-CN', NOW, loaded())['visitors.1.mealType']).toBeUndefined();
  });

  it('flags a department not of the chosen base, and a base not among the bases', () => {
    expect(visitErrors({ ...filled(), department: 'D9' }, 'en', NOW, loaded()).department).toBe(
      'This department does not belong to the chosen production base',
    );
    expect(visitErrors({ ...filled(), productionBase: 'BASE9' }, 'zh-CN', NOW, loaded()).productionBase).toBe(
      message('choiceInvalid', 'zh-CN'),
    );
    // Departments loaded for another base than the one on screen say nothing about its department.
    expect(visitErrors({ ...filled(), productionBase: 'BASE2', department: 'D7' }, 'zh-CN', NOW, loaded()).department).toBeUndefined();
  });

  it('says nothing of a choice whose options are not on the device (offline, never fetched)', () => {
    const v = { ...filled(), intention: 'TOUR', department: 'D9', insurance: { ...filled().insurance, currency: 'EUR' } };
    v.visitors[1]!.certificateType = 'PASSPORT';
    expect(visitErrors(v, 'zh-CN', NOW)).toEqual({});
    expect(
      visitErrors(v, 'zh-CN', NOW, { dictionaries: {}, bases: undefined, departments: { base: 'BASE1', options: undefined } }),
    ).toEqual({});
    // An empty code is the field's "required", not an unknown choice.
    expect(visitErrors({ ...filled(), intention: '' }, 'zh-CN', NOW, loaded()).intention).toBe(
      visitErrors({ ...filled(), intention: '' }, 'zh-CN', NOW).intention,
    );
  });
});
