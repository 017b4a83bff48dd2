import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import {
  LETTER_COLUMNS,
  LETTER_LABELS,
  LETTER_META,
  LETTER_SHEET,
  LETTER_TABLE_HEADER_ROW,
  letterColumn,
} from '../../../contract/inquiry-letter';
import { LOCALES } from '../../../contract/locales';
import type { EnquiryPage } from '../../../contract/schemas/enquiry';
import { sniffFileKind } from '../../../contract/upload-rules';
import { enquiryKit } from '../../test/enquiries';
import { build, multipart } from '../../test/helper';

const t = await build();
const k = enquiryKit(t);
const a101 = await k.session('demo_a101');
const a104 = await k.session('demo_a104');
const a141 = await k.session('demo_a141');

const download = (id: string, s = a104, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/bid-web/bid-service/enquiry/downloadTemplate',
    payload: { id },
    headers: { 'x-access-token': s.token, 'accept-language': lang },
  });

const seeded = async (theme: string) =>
  (await t.post<EnquiryPage>('/enquiry/listByPage', { searchContent: theme }, k.as(a104))).data.records[0]!;

describe('enquiryDownloadTemplate', () => {
  it('writes a real .xlsx in the contract’s layout: title, meta rows, header row, the lines as exact texts, reply price empty', async () => {
    const summary = await seeded('包装辅料年度框架议价');
    const d = await k.detail(a104, summary.id);
    const res = await download(summary.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="inquiry-${d.enquiryNo}-round3.xlsx"; filename*=UTF-8''inquiry-${d.enquiryNo}-round3.xlsx`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const bytes = res.rawPayload;
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    expect(sniffFileKind(bytes.subarray(0, 4096), bytes.subarray(-65536))).toBe('xlsx');

    const rows = await readSheet(bytes, LETTER_SHEET);
    expect(rows[0]![0]).toBe('Inquiry letter');
    const meta = Object.fromEntries(LETTER_META.map((key, i) => [key, rows[i + 1]!.slice(0, 2)]));
    expect(meta).toEqual({
      enquiryNo: ['Enquiry no', d.enquiryNo],
      theme: ['Theme', d.theme],
      round: ['Bargaining round', 3],
      deadline: ['Reply deadline', d.deadline],
      currency: ['Currency', 'CNY'],
      supplier: ['Supplier', '江苏恒通纸业有限公司'],
    });
    for (let r = LETTER_META.length + 1; r < LETTER_TABLE_HEADER_ROW - 1; r++) expect(rows[r]!.every((c) => c === null)).toBe(true);
    expect(rows[LETTER_TABLE_HEADER_ROW - 1]).toEqual(LETTER_COLUMNS.map((c) => LETTER_LABELS[c].en));
    const body = rows.slice(LETTER_TABLE_HEADER_ROW);
    expect(body).toHaveLength(d.lines.length);
    const cell = (row: (typeof body)[number], column: (typeof LETTER_COLUMNS)[number]) => row[letterColumn(column) - 1];
    for (const [i, line] of d.lines.entries()) {
      const row = body[i]!;
      expect(cell(row, 'lineNo')).toBe(line.lineNo);
      expect(cell(row, 'materialNo')).toBe(line.materialNo);
      expect(cell(row, 'name')).toBe(line.name);
      expect(cell(row, 'specification')).toBe(line.specification);
      expect(cell(row, 'unit')).toBe(line.unit);
      expect(cell(row, 'brand')).toBe(line.brand || null);
      expect(cell(row, 'quantity')).toBe(line.quantity);
      expect(cell(row, 'expectedPrice')).toBe(line.expectedPrice);
      expect(cell(row, 'targetPrice')).toBe(line.targetPrice);
      expect(cell(row, 'latestQuotation')).toBe(line.latestQuotation);
      expect(cell(row, 'replyPrice')).toBeNull();
      expect(cell(row, 'packageSpecification')).toBe(line.packageSpecification);
    }
    // Exact texts: "2400.000" and "87.26", not 2400 and 87.26000000000001.
    expect(cell(body[0]!, 'quantity')).toBe('2400.000');
    expect(cell(body[0]!, 'latestQuotation')).toBe('87.26');
  });

  it('labels the letter in the request language', async () => {
    const { id } = await k.create();
    for (const locale of LOCALES) {
      const rows = await readSheet((await download(id, a104, locale)).rawPayload, LETTER_SHEET);
      expect(rows[0]![0]).toBe(LETTER_LABELS.title[locale]);
      expect(rows[1]![0]).toBe(LETTER_LABELS.enquiryNo[locale]);
      expect(rows[LETTER_TABLE_HEADER_ROW - 1]![letterColumn('replyPrice') - 1]).toBe(LETTER_LABELS.replyPrice[locale]);
    }
  });

  it('is accepted back as the inquiry letter of a quote, once uploaded', async () => {
    const { id } = await k.create();
    const bytes = (await download(id)).rawPayload;
    const form = multipart('inquiry.xlsx', bytes);
    const up = await t.app.inject({
      method: 'POST',
      url: '/bid-web/bid-service/file/upload',
      payload: form.payload,
      headers: { ...form.headers, 'x-access-token': a104.token },
    });
    const file = JSON.parse(up.json().data.filename) as { name: string; path: string };
    const d = await k.detail(a104, id);
    const res = await k.quote(a104, k.quoteBody(d, { letter: [{ name: file.name, url: '', path: file.path }] }));
    expect(res.code).toBe('E000');
    expect(res.data.quotes[0]!.letter).toMatchObject({ name: 'inquiry.xlsx' });
  });

  it('answers E404 for an enquiry the supplier is not invited to, E403 for A101, E400 without an id', async () => {
    const theirs = await k.create({ suppliers: ['demo_a141'] });
    const envelope = (res: Awaited<ReturnType<typeof download>>) => res.json() as { code: string };
    expect(envelope(await download(theirs.id))).toEqual({ code: 'E404', message: 'Data lost', data: null });
    expect((await download(theirs.id, a141)).statusCode).toBe(200);
    expect(envelope(await download('nonsense')).code).toBe('E404');
    expect(envelope(await download(theirs.id, a101)).code).toBe('E403');
    expect((await t.post('/enquiry/downloadTemplate', {}, k.as(a104))).code).toBe('E400');
  });

  it('writes the closed and the waiting enquiries too, with their current round', async () => {
    const awarded = await seeded('造纸化学品');
    const res = await download(awarded.id, a104, 'zh-CN');
    expect(res.headers['content-disposition']).toContain(`inquiry-${awarded.enquiryNo}-round2.xlsx`);
    const rows = await readSheet(res.rawPayload, LETTER_SHEET);
    expect(rows.slice(LETTER_TABLE_HEADER_ROW).map((r) => r[letterColumn('name') - 1])).toEqual([
      '玉米淀粉',
      '氧化淀粉',
      '阳离子淀粉',
      'AKD 中性施胶剂',
      '有机硅消泡剂',
    ]);
  });
});
