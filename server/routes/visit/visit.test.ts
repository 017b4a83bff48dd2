import { describe, expect, it } from 'vitest';
import type { VisitApplicationDetail, VisitApplicationPage } from '../../../contract/schemas/visit';
import { build, newSupplier } from '../../test/helper';
import { receiptChecker } from '../../test/receipts';
import { BYTES } from '../../test/tenders';
import { dayFrom, PEOPLE, visitKit } from '../../test/visit-applications';

const t = await build();
const k = visitKit(t);
const a101 = await k.session('demo_a101');
const a104 = await k.session('demo_a104');
const a141 = await k.session('demo_a141');
const list = (b: unknown, s = a104) => t.post<VisitApplicationPage>('/visitApply/listByPage', b, k.as(s));
const getById = (id: unknown, s = a104) => t.post<VisitApplicationDetail>('/visitApply/getById', { id }, k.as(s));
const withdraw = (id: unknown, s = a104, headers: Record<string, string> = {}) =>
  t.post<VisitApplicationDetail>('/visitApply/withdraw', { id }, k.as(s, headers));
const countApps = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM visit_applications'))[0]!.n;
type Fields = Array<{ field: string; message: string }>;
/** The demo's applications of demo_a104: other tests of this file add their own. */
const seeded = new Set(
  (await t.db.query<{ id: string }>('SELECT id::text AS id FROM visit_applications WHERE supplier_id = $1', [a104.supplierId])).map(
    (r) => r.id,
  ),
);
const demoOnly = <T extends { id: string }>(records: T[]) => records.filter((r) => seeded.has(r.id));

/** A deep copy of `b` with `change` applied to it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reaches into any field of the body
const changed = <T>(b: T, change: (copy: any) => void): T => {
  const copy = structuredClone(b);
  change(copy);
  return copy;
};

/** The refusal of a body: E400 with `key`'s English message on `field`, and nothing written. */
async function refused(b: unknown, field: string, message: RegExp, s = a104) {
  const before = await countApps();
  const res = await k.save(s, b);
  expect(res.code, JSON.stringify(res)).toBe('E400');
  expect((res.data as unknown as Fields).map((f) => f.field)).toContain(field);
  expect((res.data as unknown as Fields).find((f) => f.field === field)!.message).toMatch(message);
  expect(await countApps()).toBe(before);
}

describe('visitApplyListByPage', () => {
  it('lists demo_a104’s applications, newest first, in every review status the demo has', async () => {
    const res = await list({ pageSize: 100 });
    expect(res.code).toBe('E000');
    expect(
      demoOnly(res.data.records)
        .map((r) => r.reviewStatus)
        .sort(),
    ).toEqual(['approved', 'pending', 'returned']);
    const returned = demoOnly(res.data.records).find((r) => r.reviewStatus === 'returned')!;
    expect(returned.reviewReason).toMatch(/保险单/);
    expect(res.data.records[0]).toMatchObject({
      visitNo: expect.stringMatching(/^FS\d{12}$/),
      productionBaseName: expect.any(String),
      visitorCount: expect.any(Number),
    });
    expect(demoOnly((await list({ reviewStatus: 'approved' })).data.records).map((r) => r.visitorCount)).toEqual([2]);
    expect((await list({ searchContent: returned.visitNo.toLowerCase() })).data.records.map((r) => r.id)).toEqual([returned.id]);
    expect((await list({ reviewStatus: 'bogus' })).code).toBe('E400');
  });

  it('is open to every supplier status and shows only the caller’s own', async () => {
    const res = await list({}, a101);
    expect(res.code).toBe('E000');
    expect(res.data.total).toBe(0);
    expect((await list({}, a141)).data.total).toBe(0);
  });

  it('needs a token', async () => {
    expect((await t.post('/visitApply/listByPage', {})).code).toBe('E401');
  });
});

describe('visitApplySave', () => {
  it('creates and submits an application with visitors, files and insurance, labels in the request language', async () => {
    const b = await k.body(a104);
    const res = await k.save(a104, b);
    expect(res.code, JSON.stringify(res)).toBe('E000');
    const d = res.data;
    expect(d).toMatchObject({
      reviewStatus: 'pending',
      reviewReason: null,
      visitorCount: 2,
      productionBase: 'DG',
      productionBaseName: 'Dongguan production base',
      department: 'DG-EQP',
      departmentName: 'Equipment',
      intentionName: 'Installation work',
      startDate: b.startDate,
      relatedProject: 'ZB20260101000001',
    });
    expect(d.labourContract[0]!.url).toMatch(/^\/bid-web\/bid-service\/file\/download\?filePath=/);
    expect(d.files[0]!).toMatchObject({ type: 'SAFETY', file: { name: '安全培训.pdf', uploader: 'demo_a104', size: expect.any(Number) } });
    expect(d.files[0]!.file.size).toBe(BYTES.pdf.length);
    expect(d.insurance).toMatchObject({
      amount: '500000.00',
      insuredCount: 2,
      insuredPersons: [{ certificateNo: PEOPLE[0]!.certificateNo, name: PEOPLE[0]!.name, job: '安装工' }, { name: PEOPLE[1]!.name }],
    });
    expect((await getById(d.id)).data).toMatchObject({ id: d.id, visitors: b.visitors });
  });

  it('takes a lower-case x in a resident ID as X, and other certificate types by pattern', async () => {
    const b = await k.body(a104, [PEOPLE[0]!]);
    const id = '11010519491231002x';
    const ok = changed(b, (c) => {
      c.visitors = [
        k.visitorOf(PEOPLE[0]!, { certificateNo: id }),
        k.visitorOf(PEOPLE[1]!, { certificateType: 'PASSPORT', certificateNo: 'E12345678', meal: false, mealType: '' }),
      ];
      c.insurance.insuredPersons = [{ certificateNo: id, job: '安装工' }];
    });
    const res = await k.save(a104, ok);
    expect(res.code, JSON.stringify(res)).toBe('E000');
    expect(res.data.visitors.map((v) => v.certificateNo)).toEqual(['11010519491231002X', 'E12345678']);
  });

  it('replays an idempotent save with the same answer: one application', async () => {
    const b = await k.body(a104);
    const before = await countApps();
    const key = { 'idempotency-key': 'visit-apply-replay-0001' };
    const first = await k.save(a104, b, key);
    const second = await k.save(a104, b, key);
    expect(first.code).toBe('E000');
    expect(second).toEqual(first);
    expect(await countApps()).toBe(before + 1);
  });

  describe('refuses bad input with its own message and writes nothing', () => {
    it.each([
      ['intention', /required/],
      ['startDate', /required/],
      ['endDate', /required/],
      ['entryMethod', /required/],
      ['productionBase', /production base/],
      ['department', /department/],
      ['reason', /required/],
      ['visitingCompany', /required/],
      ['host', /required/],
      ['relatedProject', /related project/],
      ['insurance', /insurance/],
    ])('%s missing', async (field, message) => {
      await refused(
        changed(await k.body(a104), (c) => delete c[field]),
        field,
        message,
      );
    });

    it.each([
      ['name', /required/],
      ['gender', /required/],
      ['certificateType', /required/],
      ['certificateNo', /required/],
      ['phone', /required/],
      ['meal', /required/],
      ['lodging', /required/],
    ])('a visitor’s %s missing', async (field, message) => {
      await refused(
        changed(await k.body(a104), (c) => delete c.visitors[1][field]),
        `visitors.1.${field}`,
        message,
      );
    });

    it.each([
      ['company', /required/],
      ['type', /required/],
      ['policyNo', /required/],
      ['jobType', /required/],
      ['insuredCount', /insured count/],
      ['amount', /required/],
      ['currency', /currency/],
      ['date', /required/],
      ['hasInsured', /required/],
      ['hasSocialSecurity', /required/],
      ['insuredPersons', /insured person/],
    ])('the insurance’s %s missing', async (field, message) => {
      await refused(
        changed(await k.body(a104), (c) => delete c.insurance[field]),
        `insurance.${field}`,
        message,
      );
    });

    it('no visitors, no labour contract, a file without a type, a meal without its type', async () => {
      const b = await k.body(a104);
      await refused(
        changed(b, (c) => (c.visitors = [])),
        'visitors',
        /at least one visitor/,
      );
      await refused(
        changed(b, (c) => (c.labourContract = [])),
        'labourContract',
        /labour contract/,
      );
      await refused(
        changed(b, (c) => (c.files[0].type = '')),
        'files.0.type',
        /file type/,
      );
      await refused(
        changed(b, (c) => (c.visitors[0].mealType = '')),
        'visitors.0.mealType',
        /meal type/,
      );
    });

    it('an insured person who is not a visitor, twice the same one, a count that differs', async () => {
      const b = await k.body(a104);
      await refused(
        changed(b, (c) => (c.insurance.insuredPersons[1].certificateNo = PEOPLE[2]!.certificateNo)),
        'insurance.insuredPersons.1.certificateNo',
        /one of the visitors/,
      );
      await refused(
        changed(b, (c) => (c.insurance.insuredPersons[1].certificateNo = PEOPLE[0]!.certificateNo)),
        'insurance.insuredPersons.1.certificateNo',
        /only once/,
      );
      await refused(
        changed(b, (c) => (c.insurance.insuredCount = 3)),
        'insurance.insuredCount',
        /insured count/,
      );
    });

    it('end before start, start in the past (bid service clock)', async () => {
      const b = await k.body(a104);
      await refused(
        changed(b, (c) => (c.endDate = dayFrom(t.clock.now, 1))),
        'endDate',
        /end date/,
      );
      await refused(
        changed(b, (c) => (c.startDate = dayFrom(t.clock.now, -2))),
        'startDate',
        /start date cannot be in the past/,
      );
    });

    it('21 files', async () => {
      const b = await k.body(a104);
      await refused(
        changed(b, (c) => (c.files = Array.from({ length: 21 }, () => c.files[0]))),
        'files',
        /At most 20 files/,
      );
    });

    it('the same phone twice, the same certificate twice', async () => {
      const b = await k.body(a104);
      await refused(
        changed(b, (c) => (c.visitors[1].phone = PEOPLE[0]!.phone)),
        'visitors.1.phone',
        /already used by another visitor/,
      );
      await refused(
        changed(b, (c) => {
          c.visitors[1].certificateNo = PEOPLE[0]!.certificateNo;
          c.insurance.insuredPersons = [c.insurance.insuredPersons[0]];
          c.insurance.insuredCount = 1;
        }),
        'visitors.1.certificateNo',
        /already used by another visitor/,
      );
    });

    it('a wrong resident ID check digit, a bad passport, a bad phone', async () => {
      const b = await k.body(a104);
      await refused(
        changed(b, (c) => (c.visitors[0].certificateNo = '441900199001011232')),
        'visitors.0.certificateNo',
        /check digit/,
      );
      await refused(
        changed(b, (c) => {
          c.visitors[0].certificateType = 'PASSPORT';
          c.visitors[0].certificateNo = 'E1-2';
        }),
        'visitors.0.certificateNo',
        /passport/,
      );
      await refused(
        changed(b, (c) => (c.visitors[0].phone = '12000000000')),
        'visitors.0.phone',
        /mobile number/,
      );
    });

    it('codes that are not in their dictionary, a department of another base', async () => {
      const b = await k.body(a104);
      await refused(
        changed(b, (c) => (c.intention = 'NOPE')),
        'intention',
        /offered options/,
      );
      await refused(
        changed(b, (c) => (c.visitors[0].gender = 'X')),
        'visitors.0.gender',
        /offered options/,
      );
      await refused(
        changed(b, (c) => (c.files[0].type = 'NOPE')),
        'files.0.type',
        /offered options/,
      );
      await refused(
        changed(b, (c) => (c.insurance.currency = 'XYZ')),
        'insurance.currency',
        /offered options/,
      );
      await refused(
        changed(b, (c) => (c.productionBase = 'XX')),
        'productionBase',
        /offered options/,
      );
      await refused(
        changed(b, (c) => (c.department = 'TJ-PKG')),
        'department',
        /does not belong/,
      );
    });

    it('an amount that is zero or has three decimals', async () => {
      const b = await k.body(a104);
      await refused(
        changed(b, (c) => (c.insurance.amount = '0')),
        'insurance.amount',
        /above 0/,
      );
      await refused(
        changed(b, (c) => (c.insurance.amount = '1.005')),
        'insurance.amount',
        /above 0/,
      );
    });

    it('messages in the request language', async () => {
      const b = changed(await k.body(a104), (c) => (c.visitors[0].certificateNo = '441900199001011232'));
      const zh = await t.post('/visitApply/save', b, { token: a104.token, lang: 'zh-CN' });
      expect((zh.data as unknown as Fields)[0]!.message).toBe('请输入有效的 18 位居民身份证号（校验位不符）');
      const vie = await t.post('/visitApply/save', b, { token: a104.token, lang: 'vie' });
      expect((vie.data as unknown as Fields)[0]!.message).toMatch(/căn cước/);
    });
  });

  it('refuses files that are not the supplier’s own uploads (E403) and unknown paths (E400)', async () => {
    const b = await k.body(a104);
    // Another supplier's labour contract becomes its own by its use in its application.
    const other = await newSupplier(t);
    const theirs = await k.body(other);
    expect((await k.save(other, theirs)).code).toBe('E000');
    const before = await countApps();
    expect(
      (
        await k.save(
          a104,
          changed(b, (c) => (c.labourContract = theirs.labourContract)),
        )
      ).code,
    ).toBe('E403');
    expect(
      (
        await k.save(
          a104,
          changed(b, (c) => (c.files[0].file = theirs.files[0]!.file)),
        )
      ).code,
    ).toBe('E403');
    expect(await countApps()).toBe(before);
    const res = await k.save(
      a104,
      changed(b, (c) => (c.labourContract = [{ name: 'x.pdf', url: '', path: 'u/nope/x.pdf' }])),
    );
    expect(res.code).toBe('E400');
  });
});

describe('visitApplyGetById and visitApplyWithdraw', () => {
  it('another supplier’s application is E404, an unknown or malformed id too', async () => {
    const mine = (await list({})).data.records[0]!;
    expect((await getById(mine.id, a141)).code).toBe('E404');
    expect((await withdraw(mine.id, a141)).code).toBe('E404');
    expect((await getById('00000000-0000-0000-0000-000000000000')).code).toBe('E404');
    expect((await getById('nope')).code).toBe('E404');
    expect((await getById('')).code).toBe('E400');
  });

  it('withdraws a pending application once (idempotent replay), then refuses with E409', async () => {
    const created = (await k.save(a104, await k.body(a104))).data;
    const key = { 'idempotency-key': 'visit-withdraw-0001' };
    const first = await withdraw(created.id, a104, key);
    expect(first.code).toBe('E000');
    expect(first.data.reviewStatus).toBe('withdrawn');
    expect(await withdraw(created.id, a104, key)).toEqual(first);
    const again = await withdraw(created.id);
    expect(again.code).toBe('E409');
    expect(again.message).toBe('This application was already withdrawn');
  });

  it('refuses to withdraw an approved or a returned application (E409)', async () => {
    const records = (await list({ pageSize: 100 })).data.records;
    const approved = await withdraw(records.find((r) => r.reviewStatus === 'approved')!.id);
    expect(approved).toMatchObject({ code: 'E409', message: 'This application is approved and can no longer be withdrawn' });
    const returned = await withdraw(records.find((r) => r.reviewStatus === 'returned')!.id);
    expect(returned.code).toBe('E409');
  });
});

describe('visitApplySave with copiedFrom', () => {
  const returnedOf = async (s = a104) => (await list({ reviewStatus: 'returned', pageSize: 100 }, s)).data.records;

  it('copies the supplier’s own returned application: the copy names it, the list and the detail answer it', async () => {
    const source = (await returnedOf())[0]!;
    expect(source.copiedFrom).toBeNull();
    const key = { 'idempotency-key': 'visit-copy-replay-0001' };
    const b = { ...(await k.body(a104)), copiedFrom: source.id };
    const before = await countApps();
    const first = await k.save(a104, b, key);
    expect(first.code, JSON.stringify(first)).toBe('E000');
    expect(first.data).toMatchObject({ copiedFrom: source.id, reviewStatus: 'pending' });
    expect(await k.save(a104, b, key)).toEqual(first);
    expect(await countApps()).toBe(before + 1);
    expect((await getById(first.data.id)).data.copiedFrom).toBe(source.id);
    expect((await list({ pageSize: 100 })).data.records.find((r) => r.id === first.data.id)!.copiedFrom).toBe(source.id);
  });

  it('refuses a pending or approved source (E400 copyNotReturned), another supplier’s or an unknown one (E404), writing nothing', async () => {
    const records = (await list({ pageSize: 100 })).data.records;
    const pending = records.find((r) => r.reviewStatus === 'pending')!;
    const approved = records.find((r) => r.reviewStatus === 'approved')!;
    // Another supplier's own returned application, which demo_a104 must not be able to name.
    const other = await newSupplier(t);
    const theirs = (await k.save(other, await k.body(other, [PEOPLE[2]!]))).data;
    await k.operator('reviewVisitApplication', { id: theirs.id, return: true, reason: '缺少附件' });
    const b = await k.body(a104);
    for (const source of [pending, approved]) {
      const before = await countApps();
      const res = await k.save(a104, { ...b, copiedFrom: source.id });
      expect(res.code).toBe('E400');
      expect(res.data as unknown as Fields).toEqual([
        { field: 'copiedFrom', message: 'Only a returned application can be copied into a new one' },
      ]);
      expect(await countApps()).toBe(before);
    }
    for (const id of [theirs.id, '00000000-0000-0000-0000-000000000000', 'not-an-id']) {
      const before = await countApps();
      const res = await k.save(a104, { ...b, copiedFrom: id });
      expect(res.code, id).toBe('E404');
      expect(res.message).toBe('Data lost');
      expect(await countApps()).toBe(before);
    }
    expect((await k.save(a104, { ...b, copiedFrom: '' })).code).toBe('E400');
    expect((await k.save(a104, { ...b, copiedFrom: 42 })).code).toBe('E400');
    // The files the refused saves named are still unclaimed, so this one may use them.
    expect((await k.save(other, { ...(await k.body(other, [PEOPLE[2]!])), copiedFrom: theirs.id })).code).toBe('E000');
  });
});

describe('the receipt of a visit application', () => {
  it('is signed with the application’s number and every file as stored; the detail keeps it; a refused save has none', async () => {
    const { checked } = await receiptChecker(t);
    const b = await k.body(a104);
    const before = await t.count('receipts');
    expect(
      (
        await k.save(
          a104,
          changed(b, (c) => (c.visitors = [])),
        )
      ).code,
    ).toBe('E400');
    expect(await t.count('receipts')).toBe(before);
    const res = await k.save(a104, b);
    expect(res.code).toBe('E000');
    const paths = { 'labourContract.0': b.labourContract[0]!.path, 'files.0.file': b.files[0]!.file.path };
    expect(await checked(res.data.receipt!, paths)).toMatchObject({
      kind: 'visitApplication',
      recordId: res.data.id,
      recordNo: res.data.visitNo,
      supplierId: a104.supplierId,
      supplierName: '江苏恒通纸业有限公司',
      fileCount: 2,
    });
    expect((await getById(res.data.id)).data.receipt).toEqual(res.data.receipt);
  });
});
