import { describe, expect, it } from 'vitest';
import type { TenderRecordDetail } from '../../../contract/schemas/tender';
import { build } from '../../test/helper';
import { BYTES, tenderKit } from '../../test/tenders';

const t = await build();
const k = tenderKit(t);
const a104 = await k.session('demo_a104');
const a141 = await k.session('demo_a141');
type Fields = Array<{ field: string; message: string }>;
const submit = (body: unknown, s = a104, headers: Record<string, string> = {}) =>
  t.post<TenderRecordDetail & Fields>('/tender/submitBid', body, k.as(s, headers));
const ISO = 'ISO 9001 质量管理体系认证';

describe('tenderSubmitBid', () => {
  it('submits the bid: files claimed and linked, certificates in the notice order, an .xlsx bill', async () => {
    const { record } = await k.recordAt(a104, 'depositConfirmed');
    const anonymous = await k.upload('匿名上传.pdf', BYTES.pdf);
    const body = await k.bidBody(a104, record, { bidDocuments: [anonymous] });
    body.certificates.reverse();
    const res = await submit(body);
    expect(res.code).toBe('E000');
    expect(res.data).toMatchObject({
      status: 'bidSubmitted',
      bidSubmittedAt: new Date(t.clock.now).toISOString(),
      bidDocuments: [{ name: '匿名上传.pdf', path: anonymous.path }],
    });
    expect(res.data.bid!.certificates.map((c) => c.name)).toEqual(['营业执照', ISO]);
    expect(res.data.bid!.billOfMaterials.url).toBe(
      `/bid-web/bid-service/file/download?filePath=${encodeURIComponent(body.billOfMaterials[0]!.path)}`,
    );
    const owner = await t.db.query<{ owner: string }>('SELECT owner_supplier_id::text AS owner FROM files WHERE storage_key = $1', [
      anonymous.path,
    ]);
    expect(owner[0]!.owner).toBe(a104.supplierId);
    const download = await t.app.inject({
      method: 'GET',
      url: res.data.bid!.billOfMaterials.url,
      headers: { 'x-access-token': a104.token },
    });
    expect(download.rawPayload.equals(BYTES.xlsx)).toBe(true);
  });

  it('accepts an .xls bill, a header-only .xlsx, and a notice without a deposit or certificates', async () => {
    const xls = await k.recordAt(a104, 'depositConfirmed');
    expect((await submit(await k.bidBody(a104, xls.record, { billOfMaterials: [await k.upload('清单.xls', BYTES.xls, a104)] }))).code).toBe(
      'E000',
    );
    const empty = await k.recordAt(a104, 'depositConfirmed');
    expect(
      (await submit(await k.bidBody(a104, empty.record, { billOfMaterials: [await k.upload('清单.xlsx', BYTES.emptyXlsx, a104)] }))).code,
    ).toBe('E000');
    const free = (await k.signUp(a104, (await k.notice({ deposit: 0, certificates: [] })).id)).data;
    expect(free.requiredCertificates).toEqual([]);
    const res = await submit(await k.bidBody(a104, free));
    expect(res.data).toMatchObject({ status: 'bidSubmitted', refundStatus: 'none' });
  });

  it('checks the bill of materials by content: a renamed PDF, Word .doc or plain ZIP is E415 nonExcel, nothing written', async () => {
    const { record } = await k.recordAt(a104, 'depositConfirmed');
    const body = await k.bidBody(a104, record);
    const before = await k.counts();
    for (const [name, bytes] of [
      ['清单.xlsx', BYTES.pdf],
      ['清单.xls', BYTES.zip],
      ['清单.xlsx', BYTES.png],
      ['清单.xlsx', BYTES.text],
      ['清单.xls', BYTES.doc],
    ] as const) {
      const res = await submit({ ...body, billOfMaterials: [await k.upload(name, bytes)] });
      expect(res, name).toMatchObject({
        code: 'E415',
        message: 'Not an Excel file: the bill of materials must be .xls or .xlsx',
        data: [{ field: 'billOfMaterials.0' }],
      });
    }
    // The bid's other (unclaimed) uploads stay unclaimed.
    expect(await k.counts()).toEqual({ ...before, unclaimed: before.unclaimed + 5 });
    expect((await t.post<TenderRecordDetail>('/tender/getById', { id: record.id }, k.as(a104))).data.status).toBe('depositConfirmed');
  });

  it('refuses file counts the rules forbid and missing uploads, with their messages', async () => {
    const { record } = await k.recordAt(a104, 'depositConfirmed');
    const body = await k.bidBody(a104, record);
    const before = await k.counts();
    const bom = body.billOfMaterials[0]!;
    const doc = body.bidDocuments[0]!;
    const cases: Array<[Record<string, unknown>, Fields[number]]> = [
      [{ billOfMaterials: [bom, bom] }, { field: 'billOfMaterials', message: 'Only one bill of materials can be uploaded' }],
      [{ billOfMaterials: [] }, { field: 'billOfMaterials', message: 'Required content not uploaded' }],
      [{ billOfMaterials: undefined }, { field: 'billOfMaterials', message: 'Required content not uploaded' }],
      [{ bidDocuments: [] }, { field: 'bidDocuments', message: 'Required content not uploaded' }],
      [
        { bidDocuments: Array.from({ length: 21 }, () => doc) },
        { field: 'bidDocuments', message: 'At most 20 files can be chosen at once' },
      ],
      [
        { certificates: [{ name: '营业执照', files: Array.from({ length: 21 }, () => doc) }, body.certificates[1]] },
        { field: 'certificates.0.files', message: 'At most 20 files can be chosen at once' },
      ],
      [
        { certificates: [{ name: '营业执照', files: [] }, body.certificates[1]] },
        { field: 'certificates.0.files', message: 'The certificate file cannot be empty' },
      ],
      [{ certificates: [body.certificates[0]] }, { field: 'certificates', message: 'The certificate file cannot be empty' }],
      [{ certificates: [] }, { field: 'certificates', message: 'The certificate file cannot be empty' }],
      [
        { certificates: [...body.certificates, { name: '无关证书', files: [doc] }] },
        { field: 'certificates.2.name', message: 'Choose one of the offered options' },
      ],
      [
        { certificates: [...body.certificates, body.certificates[0]] },
        { field: 'certificates.2.name', message: 'Choose one of the offered options' },
      ],
      [{ tenderRecordId: undefined }, { field: 'tenderRecordId', message: 'Missing tender record id' }],
      [{ supplierCode: undefined }, { field: 'supplierCode', message: 'Missing supplier code' }],
    ];
    for (const [change, problem] of cases) {
      const res = await submit({ ...body, ...change });
      expect(res.code, JSON.stringify(change).slice(0, 80)).toBe('E400');
      expect(res.data, JSON.stringify(change).slice(0, 80)).toContainEqual(problem);
    }
    for (const change of [
      { bidDocuments: 'a.pdf' },
      { certificates: { name: 'x' } },
      { tenderRecordId: ['x'] },
      { supplierCode: 'x'.repeat(1_000_000) },
      { billOfMaterials: [{ path: 1 }] },
    ]) {
      expect((await submit({ ...body, ...change })).code, JSON.stringify(change).slice(0, 60)).toBe('E400');
    }
    expect(await k.counts()).toEqual(before);
  });

  it('refuses a stored file over 50 MB (E413), and files of another supplier (E403) or unknown ones (E400)', async () => {
    const { record } = await k.recordAt(a104, 'depositConfirmed');
    const body = await k.bidBody(a104, record);
    const big = await k.upload('大文件.pdf', BYTES.pdf, a104);
    await t.db.query('UPDATE files SET size = $2 WHERE storage_key = $1', [big.path, 60 * 1024 * 1024]);
    expect(await submit({ ...body, bidDocuments: [body.bidDocuments[0], big] })).toMatchObject({
      code: 'E413',
      data: [{ field: 'bidDocuments.1' }],
    });
    const foreign = await k.upload('别人的.xlsx', BYTES.xlsx, a141);
    expect((await submit({ ...body, billOfMaterials: [foreign] })).code).toBe('E403');
    const unknown = { name: 'x.pdf', url: '', path: 'u/2026/01/0123456789abcdef0123456789abcdef.pdf' };
    expect(await submit({ ...body, certificates: [{ name: '营业执照', files: [unknown] }, body.certificates[1]] })).toMatchObject({
      code: 'E400',
      data: [{ field: 'certificates.0.files.0.path' }],
    });
    expect((await t.post<TenderRecordDetail>('/tender/getById', { id: record.id }, k.as(a104))).data.bid).toBeNull();
  });

  it("refuses another supplier's code (E403) and record (E404 dataLost)", async () => {
    const { record } = await k.recordAt(a104, 'depositConfirmed');
    expect((await submit(await k.bidBody(a104, record, { supplierCode: a141.supplierCode }))).code).toBe('E403');
    expect(await submit(await k.bidBody(a141, record), a141)).toEqual({ code: 'E404', message: 'Data lost', data: null });
  });

  it('follows the transitions: E409 with the reason from every other status and after the cut-off', async () => {
    const expect409 = async (record: { id: string; requiredCertificates: string[] }, message: string) =>
      expect(await submit(await k.bidBody(a104, record))).toMatchObject({ code: 'E409', message });
    const needsDeposit = 'Bid files can be uploaded once the deposit is confirmed';
    await expect409((await k.recordAt(a104, 'signedUp')).record, needsDeposit);
    await expect409((await k.recordAt(a104, 'depositSubmitted')).record, needsDeposit);
    const rejected = await k.recordAt(a104, 'depositSubmitted');
    await k.operator('rejectDeposit', { id: rejected.record.id, reason: '未到账' });
    await expect409(rejected.record, needsDeposit);
    await expect409(
      (await k.recordAt(a104, 'bidSubmitted')).record,
      'The bid was submitted: to change it, replace or withdraw it before the deadline',
    );
    const seeded = await t.post<{ records: Array<{ id: string; status: string }> }>('/tender/listByPage', { pageSize: 100 }, k.as(a104));
    for (const status of ['won', 'refundRequested', 'refunded']) {
      const id = seeded.data.records.find((r) => r.status === status)!.id;
      const detail = (await t.post<TenderRecordDetail>('/tender/getById', { id }, k.as(a104))).data;
      await expect409(detail, 'Only data in pending state can be operated');
    }
    const late = await k.recordAt(a104, 'depositConfirmed');
    await k.operator('closeNotice', { tenderNo: late.notice.tenderNo });
    await expect409(late.record, 'The current date is past the bid deadline');
  });

  it('applies a repeated Idempotency-Key once', async () => {
    const { record } = await k.recordAt(a104, 'depositConfirmed');
    const body = await k.bidBody(a104, record);
    const before = await t.count('tender_bids');
    const first = await submit(body, a104, { 'idempotency-key': 'bid-key-000001' });
    expect(first.code).toBe('E000');
    expect(await submit(body, a104, { 'idempotency-key': 'bid-key-000001' })).toEqual(first);
    expect(await t.count('tender_bids')).toBe(before + 1);
  });
});
