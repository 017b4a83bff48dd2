import { describe, expect, it } from 'vitest';
import type { EnquiryDetail } from '../../contract/schemas/enquiry';
import { OPERATOR_HEADER, OPS_PATH } from '../routes/ops';
import { enquiryKit, testLines } from '../test/enquiries';
import { build } from '../test/helper';

const SECRET = 'test-operator-secret-0123456789';
const t = await build({ operatorSecret: SECRET });
const k = enquiryKit(t);
const a104 = await k.session('demo_a104');
const a141 = await k.session('demo_a141');

async function act<T = unknown>(action: string, body: unknown): Promise<{ status: number; result: T; error?: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${OPS_PATH}/${action}`,
    payload: body as object,
    remoteAddress: '127.0.0.1',
    headers: { [OPERATOR_HEADER]: SECRET },
  });
  return { status: res.statusCode, ...(res.json() as { result: T; error?: string }) };
}

const good = { theme: '运营询价', suppliers: ['demo_a104', 'DEMO_A141'], lines: testLines(2), hours: 24 };
type Created = { id: string; enquiryNo: string; round: number; deadline: string };

describe('create-enquiry', () => {
  it('sends an enquiry to the suppliers named: header defaults, lines as exact decimals, round 1', async () => {
    const lines = [
      {
        materialNo: 'M-1',
        name: '牛皮箱板纸',
        specification: '175g',
        unit: '吨',
        brand: '玖龙',
        quantity: 12.5,
        expectedPrice: 4150.5,
        packageSpecification: '卷装',
      },
      { materialNo: 'M-2', name: '玉米淀粉', unit: '吨', quantity: '0.001' },
    ];
    const res = await act<Created>('createEnquiry', {
      ...good,
      lines,
      deadline: '2030-06-01T08:00:00+08:00',
      hours: undefined,
      remark: '请报含税价',
    });
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({
      id: expect.any(String),
      enquiryNo: expect.stringMatching(/^XJ\d{14}$/),
      round: 1,
      deadline: '2030-06-01T00:00:00.000Z',
    });
    const d = await k.detail(a104, res.result.id);
    expect(d).toMatchObject({
      theme: '运营询价',
      currency: 'CNY',
      priceIncludesTax: true,
      remark: '请报含税价',
      vatType: '13% 增值税',
      replyStatus: 'pending',
      createdAt: t.clock.now.toISOString(),
    });
    expect(d.effectiveTime).toBe(t.clock.now.toISOString());
    expect(d.lines.map((l) => [l.lineNo, l.materialNo, l.quantity, l.expectedPrice, l.specification])).toEqual([
      [1, 'M-1', '12.500', '4150.50', '175g'],
      [2, 'M-2', '0.001', null, ''],
    ]);
    expect(d.rounds).toEqual([
      { round: 1, promoter: '采购部', openedAt: t.clock.now.toISOString(), deadline: '2030-06-01T00:00:00.000Z', status: 'open' },
    ]);
    expect((await k.detail(a141, res.result.id)).id).toBe(res.result.id);
    const second = await act<Created>('createEnquiry', good);
    expect(second.result.enquiryNo).not.toBe(res.result.enquiryNo);
    expect(Date.parse(second.result.deadline)).toBe(t.clock.now.getTime() + 24 * 3600_000);
  });

  it('refuses bad input with a reason, writing nothing', async () => {
    const before = await t.count('enquiries');
    const line = testLines(1)[0]!;
    const bad: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ hours: undefined }, /--deadline or --hours/],
      [{ deadline: '2030-01-01T00:00:00Z' }, /--deadline or --hours/],
      [{ hours: undefined, deadline: 'soon' }, /ISO 8601/],
      [{ suppliers: [] }, /suppliers/],
      [{ suppliers: ['nobody'] }, 'no supplier with username or code "nobody"'],
      [{ suppliers: ['demo_a101'] }, 'demo_a101 is in status A101 and cannot see enquiries'],
      [{ currency: 'XXX' }, 'no currency "XXX" in the currency dictionary'],
      [{ lines: [] }, /lines/],
      [{ lines: [line, line] }, /each material no once/],
      [{ lines: [{ ...line, quantity: '0' }] }, /quantity above 0/],
      [{ lines: [{ ...line, quantity: '1.0001' }] }, /quantity above 0/],
      [{ lines: [{ ...line, quantity: -3 }] }, /quantity above 0/],
      [{ lines: [{ ...line, quantity: 1e21 }] }, /quantity above 0/],
      [{ lines: [{ ...line, expectedPrice: '0' }] }, /price above 0/],
      [{ lines: [{ ...line, expectedPrice: '1.005' }] }, /price above 0/],
      [{ lines: [{ ...line, name: '' }] }, /name/],
      [{ theme: ' ' }, /theme/],
      [{ deliveryDate: '2030-02-30' }, /YYYY-MM-DD/],
      [{ effectiveTime: '2030-01-02T00:00:00Z', expiryTime: '2030-01-01T00:00:00Z' }, 'the expiry time is before the effective time'],
    ];
    for (const [change, reason] of bad) {
      const res = await act('createEnquiry', { ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      if (typeof reason === 'string') expect(res.error).toBe(reason);
      else expect(res.error, JSON.stringify(change)).toMatch(reason);
    }
    expect(await t.count('enquiries')).toBe(before);
  });
});

describe('open-round and close-enquiry', () => {
  it('opens the next round with a deadline and target prices by material no; the old round closes', async () => {
    const created = (await act<Created>('createEnquiry', good)).result;
    const res = await act<Created & { targetPrices: Record<string, string> }>('openRound', {
      enquiryNo: created.enquiryNo,
      hours: 12,
      targetPrices: { 'T-002': '2900.5' },
      promoter: '李经理',
    });
    expect(res.result).toMatchObject({ id: created.id, round: 2, deadline: new Date(t.clock.now.getTime() + 12 * 3600_000).toISOString() });
    const d = await k.detail(a104, created.id);
    expect(d.rounds.map((r) => [r.round, r.promoter, r.status])).toEqual([
      [1, '采购部', 'closed'],
      [2, '李经理', 'open'],
    ]);
    expect(d.lines.map((l) => l.targetPrice)).toEqual([null, '2900.50']);
    expect(d.deadline).toBe(res.result.deadline);
    expect((await act<Created>('openRound', { id: created.id, deadline: '2031-01-01T00:00:00Z' })).result.round).toBe(3);
  });

  it('refuses unknown enquiries and material nos, bad prices, and anything once the enquiry is closed', async () => {
    const created = (await act<Created>('createEnquiry', good)).result;
    expect((await act('openRound', { id: created.id, hours: 1, targetPrices: { 'NOPE-1': '1.00' } })).error).toBe(
      `enquiry ${created.enquiryNo} has no line with material no "NOPE-1"`,
    );
    expect((await act('openRound', { id: created.id, hours: 1, targetPrices: { 'T-001': '-1' } })).status).toBe(400);
    expect((await act('openRound', { id: created.id })).error).toMatch(/--deadline or --hours/);
    expect((await act('openRound', { hours: 1 })).error).toMatch(/--id or --enquiry-no/);
    expect((await act('openRound', { id: created.id, enquiryNo: created.enquiryNo, hours: 1 })).error).toMatch(/--id or --enquiry-no/);
    expect((await act('openRound', { id: '00000000-0000-0000-0000-000000000000', hours: 1 })).error).toBe(
      'no enquiry with id "00000000-0000-0000-0000-000000000000"',
    );
    expect((await act('openRound', { id: 'nonsense', hours: 1 })).error).toBe('no enquiry with id "nonsense"');
    expect((await act('closeEnquiry', { enquiryNo: 'XJ0', status: 'awarded' })).error).toBe('no enquiry with enquiry no "XJ0"');
    expect((await act('closeEnquiry', { id: created.id, status: 'bargaining' })).status).toBe(400);
    expect((await act('closeEnquiry', { id: created.id })).status).toBe(400);
    const closed = await act<{ businessStatus: string; closedAt: string }>('closeEnquiry', { id: created.id, status: 'notAwarded' });
    expect(closed.result).toMatchObject({ businessStatus: 'notAwarded', closedAt: t.clock.now.toISOString() });
    expect((await act('closeEnquiry', { id: created.id, status: 'awarded' })).error).toBe(
      `enquiry ${created.enquiryNo} is notAwarded, not bargaining`,
    );
    expect((await act('openRound', { id: created.id, hours: 1 })).error).toBe(`enquiry ${created.enquiryNo} is notAwarded, not bargaining`);
    const d = await k.detail(a104, created.id);
    expect(d).toMatchObject({ businessStatus: 'notAwarded', replyStatus: 'missed', round: 1 });
    expect(d.rounds[0]!.status).toBe('closed');
  });
});

describe('list-enquiries and list-quotes', () => {
  it('lists every enquiry with its suppliers and who quoted this round, by supplier too', async () => {
    const all = await act<Array<{ enquiryNo: string; suppliers: string[]; quotedThisRound: string[]; businessStatus: string }>>(
      'listEnquiries',
      {},
    );
    expect(all.result.length).toBeGreaterThanOrEqual(7);
    const replied = all.result.find((e) => e.enquiryNo.endsWith('000102'))!;
    expect(replied).toMatchObject({ suppliers: ['demo_a104', 'demo_a141'], quotedThisRound: ['demo_a104'], businessStatus: 'bargaining' });
    const a141s = await act<unknown[]>('listEnquiries', { supplier: 'demo_a141' });
    const a104s = await act<unknown[]>('listEnquiries', { supplier: 'demo_a104' });
    expect(a141s.result.length - a104s.result.length).toBe(1);
    expect((await act('listEnquiries', { supplier: 'nobody' })).status).toBe(400);
  });

  it('shows every supplier’s quotes per round, line by line, with targets and who did not quote', async () => {
    const created = (await act<Created>('createEnquiry', good)).result;
    const d = await k.detail(a104, created.id);
    await k.quote(
      a104,
      k.quoteBody(d, {}, (i) => ['100.00', '200.10'][i]!),
    );
    await k.quote(a141, k.quoteBody(d, {}, '150.00'));
    await act('openRound', { id: created.id, hours: 5, targetPrices: { 'T-001': 95 } });
    const r2 = await k.detail(a141, created.id);
    await k.quote<EnquiryDetail>(a141, k.quoteBody(r2, {}, '140.00'));
    const res = await act<{
      round: number;
      rounds: Array<{
        round: number;
        status: string;
        targetPrices: Record<string, string>;
        notQuoted: string[];
        quotes: Array<{ supplier: string; total: string; lines: Array<{ materialNo: string; price: string; amount: string }> }>;
      }>;
    }>('listQuotes', { enquiryNo: created.enquiryNo });
    expect(res.result.round).toBe(2);
    const [one, two] = res.result.rounds;
    expect(one).toMatchObject({ round: 1, status: 'closed', targetPrices: {}, notQuoted: [] });
    expect(one!.quotes.map((q) => q.supplier).sort()).toEqual(['demo_a104', 'demo_a141']);
    const mine = one!.quotes.find((q) => q.supplier === 'demo_a104')!;
    // Line 1: 100.00 × 1.005 = 100.50; line 2: 200.10 × 20 = 4002.00.
    expect(mine.lines).toEqual([
      expect.objectContaining({ materialNo: 'T-001', price: '100.00', amount: '100.50' }),
      expect.objectContaining({ materialNo: 'T-002', price: '200.10', amount: '4002.00' }),
    ]);
    expect(mine.total).toBe('4102.50');
    expect(two).toMatchObject({ round: 2, status: 'open', targetPrices: { 'T-001': '95.00' }, notQuoted: ['demo_a104'] });
    expect(two!.quotes.map((q) => q.supplier)).toEqual(['demo_a141']);
    expect((await act('listQuotes', { id: 'nonsense' })).status).toBe(400);
  });
});

describe('messages of the buyer’s enquiry actions', () => {
  const messagesOf = (refId: string) =>
    t.db.query<{ kind: string; supplier: string; number: string; name: string; deadline: Date; note: string }>(
      'SELECT kind, supplier_id::text AS supplier, number, name, deadline, note FROM supplier_messages WHERE ref_id = $1 ORDER BY id',
      [refId],
    );

  it('a new enquiry tells each invited supplier once; a new round too, with its number and deadline; a refused round tells nobody', async () => {
    const created = (await act<Created>('createEnquiry', { ...good, theme: '消息询价' })).result;
    const sent = await messagesOf(created.id);
    expect(sent.map((m) => m.supplier).sort()).toEqual([a104.supplierId, a141.supplierId].sort());
    for (const m of sent)
      expect(m).toMatchObject({
        kind: 'enquiryNew',
        number: created.enquiryNo,
        name: '消息询价',
        deadline: new Date(created.deadline),
        note: '',
      });
    const round = (await act<Created>('openRound', { id: created.id, hours: 6 })).result;
    const opened = (await messagesOf(created.id)).filter((m) => m.kind === 'roundOpened');
    expect(opened).toHaveLength(2);
    for (const m of opened) expect(m).toMatchObject({ note: '2', deadline: new Date(round.deadline) });
    await act('closeEnquiry', { id: created.id, status: 'cancelled' });
    expect((await act('openRound', { id: created.id, hours: 1 })).status).toBe(400);
    expect(await messagesOf(created.id)).toHaveLength(4);
    // A refused enquiry (an A101 supplier named) tells nobody.
    const total = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM supplier_messages'))[0]!.n;
    const before = await total();
    expect((await act('createEnquiry', { ...good, suppliers: ['demo_a104', 'demo_a101'] })).status).toBe(400);
    expect(await total()).toBe(before);
  });
});
