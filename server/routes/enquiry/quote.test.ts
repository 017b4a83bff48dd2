import { describe, expect, it } from 'vitest';
import { lineTotal, quoteTotal, type EnquiryDetail } from '../../../contract/schemas/enquiry';
import { enquiryKit } from '../../test/enquiries';
import { build } from '../../test/helper';
import { receiptChecker } from '../../test/receipts';
import { BYTES, tenderKit } from '../../test/tenders';

const t = await build();
const k = enquiryKit(t);
const files = tenderKit(t);
const a101 = await k.session('demo_a101');
const a104 = await k.session('demo_a104');
const a141 = await k.session('demo_a141');
type Fields = Array<{ field: string; message: string }>;

/** A fresh enquiry as demo_a104 sees it. */
const fresh = async (o: Parameters<typeof k.create>[0] = {}) => k.detail(a104, (await k.create(o)).id);
const counts = async () => ({ quotes: await t.count('enquiry_quotes'), lines: await t.count('enquiry_quote_lines') });

describe('enquiryQuote', () => {
  it('takes a quote for the open round: reply prices, the replied status and an exact total in the answer', async () => {
    const d = await fresh();
    const prices = ['3980.55', '0.01', '9999999999.99'];
    const res = await k.quote(
      a104,
      k.quoteBody(d, { remark: '  含运费  ', taxIncluded: false }, (i) => prices[i]!),
    );
    expect(res.code).toBe('E000');
    const answer = res.data;
    expect(answer).toMatchObject({ id: d.id, round: 1, replyStatus: 'replied', serverTime: t.clock.now.toISOString() });
    expect(answer.lines.map((l) => l.replyPrice)).toEqual(prices);
    const [q] = answer.quotes;
    expect(q).toMatchObject({
      round: 1,
      currency: 'CNY',
      taxIncluded: false,
      deliveryDate: '2030-01-31',
      remark: '含运费',
      letter: null,
      submittedAt: t.clock.now.toISOString(),
    });
    // 3980.55 × 1.005 = 4000.45275 -> 4000.45; 0.01 × 20 = 0.20; 9999999999.99 × 30 = 299999999999.70
    expect(lineTotal('3980.55', '1.005')).toBe('4000.45');
    expect(q!.total).toBe('300000004000.35');
    expect(q!.total).toBe(quoteTotal(d.lines.map((l, i) => ({ price: prices[i]!, quantity: l.quantity }))));
    const stored = await t.db.query<{ total: string }>('SELECT total::text AS total FROM enquiry_quotes WHERE enquiry_id = $1', [d.id]);
    expect(stored).toEqual([{ total: '300000004000.35' }]);
    // The other invited supplier is still pending, and sees none of it.
    const theirs = await k.detail(a141, d.id);
    expect(theirs).toMatchObject({ replyStatus: 'pending', quotes: [] });
    expect(theirs.lines.map((l) => l.replyPrice)).toEqual([null, null, null]);
  });

  it('accepts prices with fewer decimals, leading zeros and spaces, and stores them at two decimals', async () => {
    const d = await fresh();
    const res = await k.quote(
      a104,
      k.quoteBody(d, {}, (i) => ['12', ' 7.5 ', '0012.30'][i]!),
    );
    expect(res.data.lines.map((l) => l.replyPrice)).toEqual(['12.00', '7.50', '12.30']);
    expect(res.data.quotes[0]!.total).toBe(
      quoteTotal([
        { price: '12', quantity: '1.005' },
        { price: '7.5', quantity: '20.000' },
        { price: '12.3', quantity: '30.000' },
      ]),
    );
  });

  it('refuses bad prices with the form’s messages: empty, zero, negative, huge, too precise, not a decimal, megabytes', async () => {
    const d = await fresh();
    const before = await counts();
    const required = 'Every price must be filled in and above zero';
    const invalid = 'Enter a price above 0 with at most two decimals, up to 9,999,999,999.99';
    const cases: Array<[unknown, string]> = [
      ['', required],
      ['   ', required],
      [null, required],
      [undefined, required],
      ['0', required],
      ['0.00', required],
      ['-1', invalid],
      ['-0.01', invalid],
      ['10000000000', invalid],
      ['9999999999.991', invalid],
      ['99999999999999', invalid],
      ['1.234', invalid],
      ['0.001', invalid],
      ['1e5', invalid],
      ['1,000.00', invalid],
      ['12.', invalid],
      ['.5', invalid],
      ['NaN', invalid],
      ['Infinity', invalid],
      [12.5, invalid],
      [true, invalid],
      [['1'], invalid],
      ['9'.repeat(500_000), invalid],
    ];
    for (const [price, message] of cases) {
      const body = k.quoteBody(d);
      (body.lines[1] as { price: unknown }).price = price;
      const res = await k.quote<Fields>(a104, body);
      expect(res.code, String(price).slice(0, 20)).toBe('E400');
      expect(res.data, String(price).slice(0, 20)).toContainEqual({ field: 'lines.1.price', message });
    }
    // A body over the 1 MB limit is refused before it is read.
    const huge = k.quoteBody(d, {}, '1'.repeat(2_000_000));
    expect((await k.quote(a104, huge)).code).toBe('E413');
    expect(await counts()).toEqual(before);
  });

  it('refuses a missing, duplicated or unknown line, and other bad fields, each with its message', async () => {
    const d = await fresh();
    const before = await counts();
    const body = k.quoteBody(d);
    const [l0, l1, l2] = body.lines;
    const mismatch = 'A quote prices every line of the enquiry exactly once';
    const cases: Array<[Record<string, unknown>, Fields[number]]> = [
      [{ lines: [l0, l1] }, { field: 'lines', message: mismatch }],
      [{ lines: [l0, l1, l1] }, { field: 'lines.2.lineId', message: mismatch }],
      [{ lines: [l0, l1, l2, l0] }, { field: 'lines.3.lineId', message: mismatch }],
      [
        { lines: [l0, l1, { lineId: '00000000-0000-0000-0000-000000000000', price: '1.00' }] },
        { field: 'lines.2.lineId', message: mismatch },
      ],
      [{ lines: [l0, l1, { lineId: 'nonsense', price: '1.00' }] }, { field: 'lines.2.lineId', message: mismatch }],
      [{ lines: [] }, { field: 'lines', message: mismatch }],
      [{ lines: undefined }, { field: 'lines', message: mismatch }],
      [{ lines: 'all' }, { field: 'lines', message: mismatch }],
      [{ currency: '' }, { field: 'currency', message: 'Choose the currency first' }],
      [{ currency: undefined }, { field: 'currency', message: 'Choose the currency first' }],
      [{ currency: 'XXX' }, { field: 'currency', message: 'Choose one of the offered options' }],
      [{ currency: 'x'.repeat(9) }, { field: 'currency', message: 'Choose one of the offered options' }],
      [{ deliveryDate: '2030-02-30' }, { field: 'deliveryDate', message: 'Enter a valid date' }],
      [{ deliveryDate: undefined }, { field: 'deliveryDate', message: 'This field is required' }],
      [{ taxIncluded: 'yes' }, { field: 'taxIncluded', message: 'This field is required' }],
      [{ remark: 'x'.repeat(501) }, { field: 'remark', message: 'This text is too long' }],
      [{ round: undefined }, { field: 'round', message: 'Parameters lost, please retry' }],
      [{ round: 1.5 }, { field: 'round', message: 'Parameters lost, please retry' }],
      [{ round: 0 }, { field: 'round', message: 'Parameters lost, please retry' }],
      [{ enquiryId: undefined }, { field: 'enquiryId', message: 'Parameters lost, please retry' }],
    ];
    for (const [change, problem] of cases) {
      const res = await k.quote<Fields>(a104, { ...body, ...change });
      expect(res.code, JSON.stringify(change).slice(0, 80)).toBe('E400');
      expect(res.data, JSON.stringify(change).slice(0, 80)).toContainEqual(problem);
    }
    for (const change of [{ letter: 'a.xlsx' }, { letter: [{ path: 1 }] }, { enquiryId: ['x'] }, { remark: 12 }]) {
      expect((await k.quote(a104, { ...body, ...change })).code, JSON.stringify(change)).toBe('E400');
    }
    expect(await counts()).toEqual(before);
    expect((await k.detail(a104, d.id)).replyStatus).toBe('pending');
  });

  it('never reveals another supplier’s enquiry (E404) and refuses status A101 (E403)', async () => {
    const theirs = await k.detail(a141, (await k.create({ suppliers: ['demo_a141'] })).id);
    expect(await k.quote(a104, k.quoteBody(theirs))).toEqual({ code: 'E404', message: 'Data lost', data: null });
    expect((await k.quote(a104, k.quoteBody(theirs, { enquiryId: '00000000-0000-0000-0000-000000000000' }))).code).toBe('E404');
    expect((await k.quote(a101, k.quoteBody(theirs))).code).toBe('E403');
    expect((await k.detail(a141, theirs.id)).replyStatus).toBe('pending');
  });
});

describe('quote states (E409)', () => {
  it('refuses a closed enquiry, whatever its status', async () => {
    for (const status of ['awarded', 'notAwarded', 'cancelled']) {
      const d = await fresh();
      await k.operator('closeEnquiry', { id: d.id, status });
      expect(await k.quote(a104, k.quoteBody(d))).toMatchObject({
        code: 'E409',
        message: 'This enquiry is closed and takes no more quotes',
      });
    }
  });

  it('refuses a quote for an old round (roundChanged) and for a round that does not exist yet', async () => {
    const d = await fresh();
    await k.operator('openRound', { id: d.id, hours: 24 });
    const res = await k.quote<Fields>(a104, k.quoteBody(d));
    expect(res).toMatchObject({ code: 'E409', data: null });
    expect(res.message).toContain('The buyer opened a new bargaining round');
    expect(await k.quote(a104, k.quoteBody(d, { round: 3 }))).toMatchObject({
      code: 'E409',
      message: 'Only data in pending state can be operated',
    });
    expect((await k.quote(a104, k.quoteBody(d, { round: 2 }))).code).toBe('E000');
  });

  it('refuses a quote at and after the deadline by the server clock', async () => {
    const d = await fresh({ hours: 1 });
    const saved = t.clock.now;
    try {
      t.clock.now = new Date(Date.parse(d.deadline) - 1);
      const early = await fresh({ hours: 0.5 });
      t.clock.now = new Date(Date.parse(d.deadline));
      expect(await k.quote(a104, k.quoteBody(d))).toMatchObject({ code: 'E409', message: 'The current date is past the bid deadline' });
      t.clock.now = new Date(Date.parse(d.deadline) + 60_000);
      expect((await k.quote(a104, k.quoteBody(d))).code).toBe('E409');
      // Deadlines are the bid service's: a quote at the last millisecond lands.
      t.clock.now = new Date(Date.parse(early.deadline) - 1);
      expect((await k.quote(a104, k.quoteBody(early))).code).toBe('E000');
    } finally {
      t.clock.now = saved;
    }
  });

  it('takes one quote per round: a second is quoteAlreadySubmitted, nothing edited', async () => {
    const d = await fresh();
    expect((await k.quote(a104, k.quoteBody(d, {}, '10.00'))).code).toBe('E000');
    const again = await k.quote(a104, k.quoteBody(d, {}, '9.00'));
    expect(again).toMatchObject({ code: 'E409', message: 'You have quoted in this round; a submitted quote cannot be edited' });
    expect((await k.detail(a104, d.id)).lines.map((l) => l.replyPrice)).toEqual(['10.00', '10.00', '10.00']);
  });

  it('answers a replay of the same Idempotency-Key with the first answer; another key is refused; one quote lands', async () => {
    const d = await fresh();
    const body = k.quoteBody(d, {}, '55.50');
    const before = await counts();
    const first = await k.quote(a104, body, { 'idempotency-key': 'quote-key-000001' });
    expect(first.code).toBe('E000');
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 60_000);
    expect(await k.quote(a104, body, { 'idempotency-key': 'quote-key-000001' })).toEqual(first);
    t.clock.now = saved;
    expect((await k.quote(a104, body, { 'idempotency-key': 'quote-key-000002' })).message).toBe(
      'You have quoted in this round; a submitted quote cannot be edited',
    );
    expect(await counts()).toEqual({ quotes: before.quotes + 1, lines: before.lines + 3 });
  });

  it('lets only one of two concurrent quotes land', async () => {
    const d = await fresh();
    const before = await counts();
    const answers = await Promise.all([
      k.quote(a104, k.quoteBody(d, {}, '1.00'), { 'idempotency-key': 'race-key-000001' }),
      k.quote(a104, k.quoteBody(d, {}, '2.00'), { 'idempotency-key': 'race-key-000002' }),
      k.quote(a104, k.quoteBody(d, {}, '3.00')),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual(['E000', 'E409', 'E409']);
    expect(await counts()).toEqual({ quotes: before.quotes + 1, lines: before.lines + 3 });
  });
});

describe('the next round', () => {
  it('shows the round-1 prices as the latest quotation with the targets, and takes the round-2 quote', async () => {
    const d = await fresh();
    await k.quote(
      a104,
      k.quoteBody(d, {}, (i) => ['100.00', '200.00', '300.00'][i]!),
    );
    await k.operator('openRound', { id: d.id, hours: 48, targetPrices: { 'T-001': '90', 'T-003': 280.5 } });
    const r2 = await k.detail(a104, d.id);
    expect(r2).toMatchObject({ round: 2, replyStatus: 'pending' });
    expect(r2.lines.map((l) => [l.latestQuotation, l.targetPrice, l.replyPrice])).toEqual([
      ['100.00', '90.00', null],
      ['200.00', null, null],
      ['300.00', '280.50', null],
    ]);
    expect(r2.rounds.map((r) => r.status)).toEqual(['closed', 'open']);
    const res = await k.quote(
      a104,
      k.quoteBody(r2, {}, (i) => ['95.00', '200.00', '281.00'][i]!),
    );
    expect(res.data.quotes.map((q) => [q.round, q.lines[0]!.price])).toEqual([
      [1, '100.00'],
      [2, '95.00'],
    ]);
    expect(res.data.lines[0]).toMatchObject({ latestQuotation: '100.00', replyPrice: '95.00' });
    // demo_a141 skipped round 1: no latest quotation in round 2.
    expect((await k.detail(a141, d.id)).lines[0]!.latestQuotation).toBeNull();
  });
});

describe('the inquiry letter of a quote', () => {
  const letterBody = async (d: EnquiryDetail, letter: unknown[]) => k.quoteBody(d, { letter });

  it('attaches the supplier’s own .xlsx or .xls upload (claimed, link rebuilt)', async () => {
    const d = await fresh();
    const anonymous = await files.upload('询价函.xlsx', BYTES.xlsx);
    const res = await k.quote(a104, await letterBody(d, [anonymous]));
    expect(res.code).toBe('E000');
    expect(res.data.quotes[0]!.letter).toEqual({
      name: '询价函.xlsx',
      path: anonymous.path,
      url: `/bid-web/bid-service/file/download?filePath=${encodeURIComponent(anonymous.path)}`,
    });
    const owner = await t.db.query<{ owner: string }>('SELECT owner_supplier_id::text AS owner FROM files WHERE storage_key = $1', [
      anonymous.path,
    ]);
    expect(owner[0]!.owner).toBe(a104.supplierId);
    const xls = await fresh();
    expect((await k.quote(a104, await letterBody(xls, [await files.upload('询价函.xls', BYTES.xls, a104)]))).code).toBe('E000');
  });

  it('refuses a letter that is not Excel by content (E415), another supplier’s (E403), unknown (E400) or two letters', async () => {
    const d = await fresh();
    const before = await counts();
    for (const [name, bytes] of [
      ['询价函.xlsx', BYTES.pdf],
      ['询价函.xls', BYTES.zip],
      ['询价函.xlsx', BYTES.text],
      ['询价函.xls', BYTES.doc],
    ] as const) {
      const res = await k.quote(a104, await letterBody(d, [await files.upload(name, bytes, a104)]));
      expect(res, name).toMatchObject({
        code: 'E415',
        message: 'The inquiry letter must be an .xls or .xlsx file',
        data: [{ field: 'letter.0' }],
      });
    }
    expect((await k.quote(a104, await letterBody(d, [await files.upload('别人的.xlsx', BYTES.xlsx, a141)]))).code).toBe('E403');
    const unknown = { name: 'x.xlsx', url: '', path: 'u/2026/01/0123456789abcdef0123456789abcdef.xlsx' };
    expect(await k.quote(a104, await letterBody(d, [unknown]))).toMatchObject({ code: 'E400', data: [{ field: 'letter.0.path' }] });
    const own = await files.upload('询价函.xlsx', BYTES.xlsx, a104);
    expect(await k.quote(a104, await letterBody(d, [own, own]))).toMatchObject({
      code: 'E400',
      data: [{ field: 'letter', message: 'Only one file can be uploaded here' }],
    });
    expect(await counts()).toEqual(before);
    // A refused quote claims nothing: the anonymous upload stays unclaimed.
    const other = await fresh();
    const late = await files.upload('迟到.xlsx', BYTES.xlsx);
    await k.operator('closeEnquiry', { id: other.id, status: 'cancelled' });
    expect((await k.quote(a104, await letterBody(other, [late]))).code).toBe('E409');
    const owner = await t.db.query<{ owner: string | null }>('SELECT owner_supplier_id::text AS owner FROM files WHERE storage_key = $1', [
      late.path,
    ]);
    expect(owner[0]!.owner).toBeNull();
  });
});

describe('the receipt of a quote', () => {
  it('is signed for each round, with the round and the letter as stored; a refused quote has none', async () => {
    const { checked } = await receiptChecker(t);
    const d = await fresh();
    const letter = await files.upload('询价函.xlsx', BYTES.xlsx, a104);
    const first = await k.quote(a104, k.quoteBody(d, { letter: [letter] }));
    expect(first.code).toBe('E000');
    expect(await checked(first.data.quotes[0]!.receipt!, { 'letter.0': letter.path })).toMatchObject({
      kind: 'quote',
      recordId: d.id,
      recordNo: d.enquiryNo,
      supplierId: a104.supplierId,
      round: 1,
      receivedAt: t.clock.now.toISOString(),
      fileCount: 1,
    });
    const before = await t.count('receipts');
    expect((await k.quote(a104, k.quoteBody(d))).code).toBe('E409');
    expect(await t.count('receipts')).toBe(before);
    await k.operator('openRound', { id: d.id, hours: 24 });
    const second = await k.quote(a104, k.quoteBody(await k.detail(a104, d.id)));
    expect(second.code).toBe('E000');
    expect(await checked(second.data.quotes[1]!.receipt!)).toMatchObject({ kind: 'quote', round: 2, fileCount: 0 });
    expect(second.data.quotes[0]!.receipt).toEqual(first.data.quotes[0]!.receipt);
  });
});
