import { describe, expect, it, vi, type MockInstance } from 'vitest';
import { quoteTotal, replyStatusOf, type EnquiryDetail, type EnquiryPage } from '../../../contract/schemas/enquiry';
import { enquiryKit } from '../../test/enquiries';
import { build, newSupplier } from '../../test/helper';

const t = await build();
const k = enquiryKit(t);
const a101 = await k.session('demo_a101');
const a104 = await k.session('demo_a104');
const a141 = await k.session('demo_a141');
const list = (body: unknown, s = a104) => t.post<EnquiryPage>('/enquiry/listByPage', body, k.as(s));
const getById = (id: unknown, s = a104) => t.post<EnquiryDetail>('/enquiry/getById', { id }, k.as(s));
const seededNo = async (theme: string, s = a104) => (await list({ searchContent: theme }, s)).data.records[0]!;

describe('enquiryListByPage', () => {
  it('lists the supplier’s enquiries, latest update first, with the server clock', async () => {
    const res = await list({});
    expect(res.code).toBe('E000');
    expect(res.data).toMatchObject({ total: 6, pageNo: 1, pageSize: 10, serverTime: t.clock.now.toISOString() });
    const updated = res.data.records.map((r) => Date.parse(r.updatedAt));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    expect(res.data.records.map((r) => `${r.businessStatus}/${r.replyStatus}/${r.round}`).sort()).toEqual([
      'awarded/replied/2',
      'bargaining/missed/1',
      'bargaining/pending/1',
      'bargaining/pending/3',
      'bargaining/replied/1',
      'notAwarded/replied/1',
    ]);
    for (const r of res.data.records)
      expect(r).toMatchObject({ id: expect.any(String), enquiryNo: expect.stringMatching(/^XJ\d{14}$/), currency: 'CNY' });
    expect((await list({}, a141)).data.total).toBe(7);
  });

  it('searches the enquiry no and the theme (case-insensitive, literally) and filters by reply and business status', async () => {
    const all = (await list({ pageSize: 100 })).data.records;
    const one = all[0]!;
    expect((await list({ searchContent: one.enquiryNo.toLowerCase() })).data.records.map((r) => r.id)).toEqual([one.id]);
    expect((await list({ searchContent: '瓦楞原纸' })).data.records.map((r) => r.theme)).toEqual(['瓦楞原纸月度补货询价']);
    expect((await list({ searchContent: '%' })).data.total).toBe(0);
    expect((await list({ searchContent: '_' })).data.total).toBe(0);
    const byReply = async (replyStatus: string) => (await list({ replyStatus })).data.records.map((r) => r.replyStatus);
    expect(await byReply('pending')).toEqual(['pending', 'pending']);
    expect(await byReply('replied')).toEqual(['replied', 'replied', 'replied']);
    expect(await byReply('missed')).toEqual(['missed']);
    expect((await list({ businessStatus: 'bargaining', replyStatus: 'pending' })).data.total).toBe(2);
    expect((await list({ businessStatus: 'awarded' })).data.records.map((r) => r.theme)).toEqual(['造纸化学品（淀粉、施胶剂）采购询价']);
    expect((await list({ businessStatus: 'cancelled' }, a141)).data.records.map((r) => r.replyStatus)).toEqual(['missed']);
  });

  it('pages, and refuses bad filters and page sizes with their messages', async () => {
    const first = await list({ pageSize: 10, pageNo: 1 }, a141);
    expect(first.data.records).toHaveLength(7);
    const beyond = await list({ pageNo: 3, pageSize: 10 }, a141);
    expect(beyond.data).toMatchObject({ records: [], total: 7, pageNo: 3 });
    expect(await list({ replyStatus: 'done' })).toMatchObject({
      code: 'E400',
      data: [{ field: 'replyStatus', message: 'Choose one of the offered options' }],
    });
    expect(await list({ businessStatus: 'open' })).toMatchObject({ code: 'E400', data: [{ field: 'businessStatus' }] });
    expect((await list({ pageSize: 7 })).code).toBe('E400');
    expect((await list({ searchContent: 'x'.repeat(101) })).code).toBe('E400');
  });

  it('computes the reply status with the server clock: pending turns missed at the deadline', async () => {
    // A supplier of its own: the demo suppliers' lists are counted by the tests above.
    const s = await newSupplier(t);
    const created = await k.create({ hours: 1, suppliers: [s.username] });
    const row = async () => (await list({ searchContent: created.enquiryNo }, s)).data.records[0]!;
    expect((await row()).replyStatus).toBe('pending');
    const saved = t.clock.now;
    t.clock.now = new Date(Date.parse(created.deadline));
    try {
      expect((await row()).replyStatus).toBe('missed');
      expect((await list({ searchContent: created.enquiryNo, replyStatus: 'missed' }, s)).data.total).toBe(1);
      expect((await getById(created.id, s)).data.rounds[0]!.status).toBe('closed');
    } finally {
      t.clock.now = saved;
    }
  });
});

describe('enquiryGetById', () => {
  it('shows the round-3 enquiry: header, lines with latest quotation and target, history and own quotes only', async () => {
    const summary = await seededNo('包装辅料年度框架议价');
    const { data: d } = await getById(summary.id);
    expect(d).toMatchObject({
      round: 3,
      replyStatus: 'pending',
      businessStatus: 'bargaining',
      priceIncludesTax: true,
      vatType: '13% 增值税',
      invoiceType: '增值税专用发票',
    });
    expect(d.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.lines).toHaveLength(8);
    expect(d.lines.map((l) => l.lineNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const film = d.lines[0]!;
    // Base 89.50: round 2 quoted 2.5 % below it, round 3's target is 5 % below.
    expect(film).toMatchObject({
      materialNo: 'BZ-PE-23',
      name: 'PE 缠绕膜',
      quantity: '2400.000',
      expectedPrice: '86.00',
      latestQuotation: '87.26',
      targetPrice: '85.02',
      replyPrice: null,
    });
    expect(d.rounds.map((r) => [r.round, r.status])).toEqual([
      [1, 'closed'],
      [2, 'closed'],
      [3, 'open'],
    ]);
    expect(d.rounds[2]!.deadline).toBe(d.deadline);
    expect(d.quotes.map((q) => q.round)).toEqual([1, 2]);
    const [r1, r2] = d.quotes;
    expect(r1!.lines.map((l) => l.lineId)).toEqual(d.lines.map((l) => l.id));
    expect(r1!.total).toBe(quoteTotal(r1!.lines.map((l, i) => ({ price: l.price, quantity: d.lines[i]!.quantity }))));
    expect(r2!.remark).toBe('按目标价下调，批量可再议');
    expect(Date.parse(r1!.submittedAt)).toBeLessThan(Date.parse(r2!.submittedAt));
    // demo_a141 quoted round 1 only, at its own prices.
    const theirs = (await getById(summary.id, a141)).data;
    expect(theirs.quotes.map((q) => q.round)).toEqual([1]);
    expect(theirs.quotes[0]!.lines[0]!.price).toBe('91.29');
    expect(theirs.lines[0]!.latestQuotation).toBe('91.29');
  });

  it('shows the current round’s reply price once quoted, and agrees with replyStatusOf', async () => {
    const summary = await seededNo('瓦楞原纸月度补货询价');
    const d = (await getById(summary.id)).data;
    expect(d.replyStatus).toBe('replied');
    expect(d.lines.every((l) => l.replyPrice !== null && l.latestQuotation === null)).toBe(true);
    expect(
      replyStatusOf({ businessStatus: d.businessStatus, deadline: d.deadline, repliedThisRound: true }, Date.parse(d.serverTime)),
    ).toBe(d.replyStatus);
    const theirs = (await getById(summary.id, a141)).data;
    expect(theirs).toMatchObject({ replyStatus: 'pending', quotes: [] });
    expect(theirs.lines.every((l) => l.replyPrice === null)).toBe(true);
  });

  it('never reveals an enquiry the supplier is not invited to: E404 like an unknown or malformed id', async () => {
    const other = await newSupplier(t);
    const theirs = await k.create({ suppliers: [other.username] });
    expect(await getById(theirs.id)).toEqual({ code: 'E404', message: 'Data lost', data: null });
    expect((await getById(theirs.id, other)).code).toBe('E000');
    expect((await getById('00000000-0000-0000-0000-000000000000')).code).toBe('E404');
    expect((await getById('nonsense')).code).toBe('E404');
    expect((await list({ searchContent: theirs.enquiryNo })).data.total).toBe(0);
    expect(await getById(undefined)).toMatchObject({ code: 'E400', data: [{ field: 'id', message: 'Parameters lost, please retry' }] });
    expect(await getById('')).toMatchObject({ code: 'E400', data: [{ field: 'id' }] });
    expect(await getById('x'.repeat(65))).toMatchObject({ code: 'E400', data: [{ field: 'id' }] });
  });
});

describe('enquiryGetById, read again', () => {
  const detailReads = (spy: MockInstance) => spy.mock.calls.filter(([sql]) => String(sql).includes('enquiry_lines_json')).length;

  it('answers a detail it read before without reading it again while nothing changed, and shows every change at once, whoever made it', async () => {
    const e = await k.create({ lines: 2 });
    const reads = vi.spyOn(t.db, 'query');
    try {
      const first = await k.detail(a104, e.id);
      expect(detailReads(reads)).toBe(1);
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
      const again = await k.detail(a104, e.id);
      expect(detailReads(reads)).toBe(1);
      // The same detail, with the clock of this call.
      expect({ ...again, serverTime: first.serverTime }).toEqual(first);
      expect(again.serverTime).toBe(t.clock.now.toISOString());

      // Another supplier's quote changes nothing it shows, but is a change to the enquiry.
      expect((await k.quote(a141, k.quoteBody(await k.detail(a141, e.id)))).code).toBe('E000');
      expect((await k.detail(a104, e.id)).quotes).toEqual([]);
      // Its own quote, the operator's new round with targets, and the close: each shows on the next call.
      expect((await k.quote(a104, k.quoteBody(again, {}, '123.00'))).code).toBe('E000');
      expect((await k.detail(a104, e.id)).quotes.map((q) => q.round)).toEqual([1]);
      await k.operator('openRound', { id: e.id, hours: 24, targetPrices: { 'T-001': '99' } });
      const second = await k.detail(a104, e.id);
      expect(second).toMatchObject({ round: 2, replyStatus: 'pending' });
      expect(second.lines[0]).toMatchObject({ targetPrice: '99.00', latestQuotation: '123.00' });
      await k.operator('closeEnquiry', { id: e.id, status: 'cancelled' });
      expect((await k.detail(a104, e.id)).businessStatus).toBe('cancelled');
      // A change made in SQL, by no code of the bid service's, shows as well.
      await t.db.query("UPDATE enquiries SET remark = '改过的备注' WHERE id = $1", [e.id]);
      expect((await k.detail(a104, e.id)).remark).toBe('改过的备注');
      await t.db.query('DELETE FROM enquiry_suppliers WHERE enquiry_id = $1 AND supplier_id = $2', [e.id, a104.supplierId]);
      expect((await getById(e.id)).code).toBe('E404');
    } finally {
      reads.mockRestore();
    }
  });

  it('keeps statuses to the clock of each call: a round kept from before its deadline reads closed after it', async () => {
    const e = await k.create({ hours: 1 });
    expect((await k.detail(a104, e.id)).replyStatus).toBe('pending');
    const before = t.clock.now;
    t.clock.now = new Date(before.getTime() + 90 * 60_000);
    try {
      const later = await k.detail(a104, e.id);
      expect(later.replyStatus).toBe('missed');
      expect(later.rounds[0]!.status).toBe('closed');
    } finally {
      t.clock.now = before;
    }
  });
});

describe('gating', () => {
  it('needs a token and refuses status A101 on every call (E403), whatever it asks', async () => {
    const invited = await newSupplier(t);
    const { id } = await k.create({ suppliers: [invited.username] });
    const calls: Array<[string, unknown]> = [
      ['/enquiry/listByPage', {}],
      ['/enquiry/getById', { id }],
      ['/enquiry/quote', k.quoteBody(await k.detail(invited, id))],
      ['/enquiry/downloadTemplate', { id }],
    ];
    for (const [path, body] of calls) {
      expect((await t.post(path, body)).code, path).toBe('E401');
      expect((await t.post(path, body, k.as(a101))).code, path).toBe('E403');
    }
    // A status change takes effect at once, on the same session.
    await k.operator('setStatus', { supplier: 'demo_a141', status: 'A101' });
    try {
      expect((await list({}, a141)).code).toBe('E403');
    } finally {
      await k.operator('setStatus', { supplier: 'demo_a141', status: 'A141' });
    }
    expect((await list({}, a141)).code).toBe('E000');
  });
});
