import { describe, expect, it } from 'vitest';
import { MARK_READ_MAX, TODO_AREAS, type MessageKind, type TodoKind } from '../../../contract/home-values';
import type { CommunicationDetail } from '../../../contract/schemas/communication';
import type { MessagePage, TodoItem, TodoPage } from '../../../contract/schemas/home';
import type { TenderRecordDetail } from '../../../contract/schemas/tender';
import { enquiryKit } from '../../test/enquiries';
import { build, newSupplier } from '../../test/helper';
import { tenderKit } from '../../test/tenders';
import { PEOPLE, visitKit } from '../../test/visit-applications';

const t = await build();
const tk = tenderKit(t);
const ek = enquiryKit(t);
const vk = visitKit(t);
const a101 = await tk.session('demo_a101');
const a104 = await tk.session('demo_a104');
const a141 = await tk.session('demo_a141');
type S = { token: string; supplierId: string };

const todos = (s: S, body: unknown = { pageSize: 100 }) => t.post<TodoPage>('/home/todoList', body, { token: s.token, lang: 'en' });
const messages = (s: S, body: unknown = { pageSize: 100 }) =>
  t.post<MessagePage>('/home/messageList', body, { token: s.token, lang: 'en' });
const markRead = (s: S, body: unknown) => t.post<{ unread: number }>('/home/markRead', body, { token: s.token });
type Fields = Array<{ field: string; message: string }>;

/** The to-dos of `s` (all of them: at most 100 here). */
async function todoItems(s: S): Promise<TodoItem[]> {
  const res = await todos(s);
  expect(res.code, JSON.stringify(res)).toBe('E000');
  return res.data.records;
}
const todoOf = async (s: S, kind: TodoKind, refId: string) => (await todoItems(s)).find((i) => i.kind === kind && i.refId === refId);

/** How many messages of `kind` about `refId` the database holds (for any supplier). */
const stored = async (kind: MessageKind, refId: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM supplier_messages WHERE kind = $1 AND ref_id = $2', [kind, refId]))[0]!
    .n;
const allMessages = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM supplier_messages'))[0]!.n;

/** Deadline ascending with none last, then newest first. */
function expectOrdered(items: TodoItem[]): void {
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [items[i - 1]!, items[i]!];
    const key = (x: TodoItem) => (x.deadline === null ? Infinity : Date.parse(x.deadline));
    expect(key(a), `${a.kind} ${a.deadline} before ${b.kind} ${b.deadline}`).toBeLessThanOrEqual(key(b));
    if (key(a) === key(b)) expect(Date.parse(a.createdAt)).toBeGreaterThanOrEqual(Date.parse(b.createdAt));
  }
}

describe('homeTodoList', () => {
  it('shows demo_a104 a to-do of every kind, ordered by deadline, with the counts per menu entry', async () => {
    const res = await todos(a104);
    expect(res.code).toBe('E000');
    const items = res.data.records;
    expect(new Set(items.map((i) => i.kind))).toEqual(
      new Set(['depositDue', 'bidDue', 'quoteDue', 'communicationReplied', 'visitReturned']),
    );
    expectOrdered(items);
    expect(items.at(-1)!.deadline).toBeNull();
    expect(res.data.serverTime).toBe(t.clock.now.toISOString());
    expect(res.data.total).toBe(items.length);
    for (const area of ['tenders', 'enquiries', 'communication', 'visits'] as const) {
      expect(res.data.counts[area], area).toBe(items.filter((i) => TODO_AREAS[i.kind] === area).length);
    }
    expect(res.data.counts.unreadMessages).toBe((await messages(a104, { unreadOnly: true })).data.total);
    expect(res.data.counts.unreadMessages).toBeGreaterThan(0);
    const returned = items.find((i) => i.kind === 'visitReturned')!;
    expect(returned).toMatchObject({
      number: expect.stringMatching(/^FS/),
      name: 'Dongguan production base',
      note: expect.stringMatching(/保险单/),
    });
    const zh = await t.post<TodoPage>('/home/todoList', { pageSize: 100 }, { token: a104.token, lang: 'zh-CN' });
    expect(zh.data.records.find((i) => i.kind === 'visitReturned')!.name).toBe('东莞生产基地');
    const quote = items.find((i) => i.kind === 'quoteDue' && i.note === '3')!;
    expect(quote.number).toMatch(/^XJ/);
    const deposit = items.find((i) => i.kind === 'depositDue')!;
    expect((await t.post<TenderRecordDetail>('/tender/getById', { id: deposit.refId }, tk.as(a104))).data).toMatchObject({
      status: 'signedUp',
      tenderNo: deposit.number,
      cutoffTime: deposit.deadline,
    });
  });

  it('pages: a page beyond the end is empty with the total and the counts', async () => {
    const all = (await todos(a104)).data;
    const first = (await todos(a104, { pageNo: 1, pageSize: 10 })).data;
    expect(first.records).toEqual(all.records.slice(0, 10));
    const beyond = (await todos(a104, { pageNo: 50, pageSize: 10 })).data;
    expect(beyond).toMatchObject({ records: [], total: all.total, counts: all.counts, pageNo: 50, pageSize: 10 });
  });

  it('refuses bad paging, needs a token, and ignores unknown fields as the other lists do', async () => {
    for (const bad of [{ pageSize: 7 }, { pageSize: 'ten' }, { pageNo: 0 }, { pageNo: 1.5 }, { pageNo: 'x' }, { pageNo: 100_001 }]) {
      const res = await todos(a104, bad);
      expect(res.code, JSON.stringify(bad)).toBe('E400');
      expect((res.data as unknown as Fields)[0]!.field).toBe(Object.keys(bad)[0]);
    }
    expect((await todos(a104, { pageSize: 20, whatever: 'x' })).code).toBe('E000');
    expect((await t.post('/home/todoList', {})).code).toBe('E401');
    expect((await t.post('/home/todoList', {}, { token: 'made-up' })).code).toBe('E401');
    expect((await t.post('/home/todoList', {}, { token: a104.token, supplierId: a141.supplierId })).code).toBe('E403');
  });

  it('answers every status, each kind only where the status opens its screen', async () => {
    const none = await todos(a101);
    expect(none.code).toBe('E000');
    expect(none.data).toMatchObject({
      records: [],
      total: 0,
      counts: { tenders: 0, enquiries: 0, communication: 0, visits: 0, unreadMessages: 0 },
    });
    // demo_a141 has a signed-up record and open enquiries, but no communication screen.
    expect(new Set((await todoItems(a141)).map((i) => i.kind))).toEqual(new Set(['depositDue', 'quoteDue']));
    await tk.operator('setStatus', { supplier: 'demo_a104', status: 'A101' });
    try {
      expect(new Set((await todoItems(a104)).map((i) => i.kind))).toEqual(new Set(['visitReturned']));
    } finally {
      await tk.operator('setStatus', { supplier: 'demo_a104', status: 'A104' });
    }
  });

  it('depositDue goes when the deposit is paid and comes back when it is rejected; bidDue follows the confirmation until the bid', async () => {
    const { record } = await tk.recordAt(a104, 'signedUp');
    expect(await todoOf(a104, 'depositDue', record.id)).toMatchObject({
      number: record.tenderNo,
      name: record.title,
      deadline: record.cutoffTime,
      note: '',
    });
    expect(await todoOf(a141, 'depositDue', record.id)).toBeUndefined();
    expect((await t.post('/tender/payDeposit', await tk.depositBody(a104, record), tk.as(a104))).code).toBe('E000');
    expect(await todoOf(a104, 'depositDue', record.id)).toBeUndefined();
    await tk.operator('rejectDeposit', { id: record.id, reason: '金额不符' });
    expect(await todoOf(a104, 'depositDue', record.id)).toMatchObject({ number: record.tenderNo, deadline: record.cutoffTime });
    expect((await t.post('/tender/payDeposit', await tk.depositBody(a104, record), tk.as(a104))).code).toBe('E000');
    await tk.operator('confirmDeposit', { id: record.id });
    expect(await todoOf(a104, 'depositDue', record.id)).toBeUndefined();
    expect(await todoOf(a104, 'bidDue', record.id)).toMatchObject({ number: record.tenderNo, deadline: record.cutoffTime });
    const withDeposit = (await t.post<TenderRecordDetail>('/tender/getById', { id: record.id }, tk.as(a104))).data;
    expect((await t.post('/tender/submitBid', await tk.bidBody(a104, withDeposit), tk.as(a104))).code).toBe('E000');
    expect(await todoOf(a104, 'bidDue', record.id)).toBeUndefined();
  });

  it('a tender to-do ends at the cut-off time', async () => {
    const { notice, record } = await tk.recordAt(a104, 'depositConfirmed');
    expect(await todoOf(a104, 'bidDue', record.id)).toMatchObject({ number: record.tenderNo, deadline: record.cutoffTime });
    await tk.operator('closeNotice', { tenderNo: notice.tenderNo });
    expect(await todoOf(a104, 'bidDue', record.id)).toBeUndefined();
  });

  it('quoteDue goes with the quote and comes back with the next round; none past the deadline or once closed', async () => {
    const e = await ek.create({ hours: 48 });
    const due = await todoOf(a104, 'quoteDue', e.id);
    expect(due).toMatchObject({ number: e.enquiryNo, deadline: e.deadline, note: '1' });
    const d = await ek.detail(a104, e.id);
    expect((await ek.quote(a104, ek.quoteBody(d))).code).toBe('E000');
    expect(await todoOf(a104, 'quoteDue', e.id)).toBeUndefined();
    expect(await todoOf(a141, 'quoteDue', e.id)).toMatchObject({ number: e.enquiryNo, deadline: e.deadline, note: '1' });
    await ek.operator('openRound', { id: e.id, hours: 24 });
    expect(await todoOf(a104, 'quoteDue', e.id)).toMatchObject({ note: '2' });
    await ek.operator('closeEnquiry', { id: e.id, status: 'cancelled' });
    expect(await todoOf(a104, 'quoteDue', e.id)).toBeUndefined();
    const late = await ek.create({ hours: -1 });
    expect(await todoOf(a104, 'quoteDue', late.id)).toBeUndefined();
  });

  it('communicationReplied comes with the buyer’s answer and goes with the supplier’s reply', async () => {
    const thread = await t.post<CommunicationDetail>(
      '/communication/save',
      { priority: 'low', topic: '首页待办测试', content: '请问?', attachments: [] },
      tk.as(a104),
    );
    const id = thread.data.id;
    expect(await todoOf(a104, 'communicationReplied', id)).toBeUndefined();
    await tk.operator('replyCommunication', { id, text: '已收到' });
    expect(await todoOf(a104, 'communicationReplied', id)).toMatchObject({
      number: thread.data.questionNo,
      name: '首页待办测试',
      deadline: null,
      note: '',
    });
    expect(await stored('communicationReplied', id)).toBe(1);
    expect((await t.post('/communication/reply', { communicationId: id, detail: '谢谢', attachments: [] }, tk.as(a104))).code).toBe('E000');
    expect(await todoOf(a104, 'communicationReplied', id)).toBeUndefined();
    // The supplier's own reply is no message; a reply to a closed thread is refused and writes none.
    expect(await stored('communicationReplied', id)).toBe(1);
    await tk.operator('replyCommunication', { id, text: '结束', close: true });
    expect(await stored('communicationReplied', id)).toBe(2);
    await expect(tk.operator('replyCommunication', { id, text: 'again' })).rejects.toThrow(/closed/);
    expect(await stored('communicationReplied', id)).toBe(2);
  });

  it('visitReturned goes once the returned application is copied into a new one', async () => {
    const created = await vk.save(a104, await vk.body(a104, [PEOPLE[3]!]));
    const id = created.data.id;
    expect(await todoOf(a104, 'visitReturned', id)).toBeUndefined();
    await vk.operator('reviewVisitApplication', { id, return: true, reason: '请补充保险' });
    expect(await todoOf(a104, 'visitReturned', id)).toMatchObject({
      number: created.data.visitNo,
      name: 'Dongguan production base',
      note: '请补充保险',
      deadline: null,
    });
    const copy = await vk.save(a104, { ...(await vk.body(a104, [PEOPLE[3]!])), copiedFrom: id });
    expect(copy.code, JSON.stringify(copy)).toBe('E000');
    expect(copy.data.copiedFrom).toBe(id);
    expect(await todoOf(a104, 'visitReturned', id)).toBeUndefined();
    // Withdrawing the copy does not bring the to-do back: the work was done.
    expect((await t.post('/visitApply/withdraw', { id: copy.data.id }, vk.as(a104))).code).toBe('E000');
    expect(await todoOf(a104, 'visitReturned', id)).toBeUndefined();
  });
});

describe('homeMessageList', () => {
  it('lists demo_a104’s messages newest first, with read marks, the unread total and names in the request language', async () => {
    const res = await messages(a104);
    expect(res.code).toBe('E000');
    const list = res.data.records;
    expect(res.data.total).toBe(list.length);
    for (let i = 1; i < list.length; i++) expect(Date.parse(list[i - 1]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(list[i]!.createdAt));
    // The demo's history (the tests before this one added more of their own).
    expect([...new Set(list.map((m) => m.kind))]).toEqual(
      expect.arrayContaining([
        'depositConfirmed',
        'resultAnnounced',
        'depositRefunded',
        'enquiryNew',
        'roundOpened',
        'communicationReplied',
        'visitApproved',
        'visitReturned',
      ]),
    );
    expect(res.data.unread).toBe(list.filter((m) => !m.read).length);
    expect(res.data.unread).toBeGreaterThan(0);
    expect(list.some((m) => m.read)).toBe(true);
    expect(
      list
        .filter((m) => m.kind === 'resultAnnounced')
        .map((m) => m.note)
        .sort(),
    ).toEqual(['lost', 'lost', 'won']);
    expect(list.find((m) => m.kind === 'visitApproved')!.name).toBe('Dongguan production base');
    const zh = await t.post<MessagePage>('/home/messageList', { pageSize: 100 }, { token: a104.token, lang: 'zh-CN' });
    expect(zh.data.records.find((m) => m.kind === 'visitApproved')!.name).toBe('东莞生产基地');
    const round = list.find((m) => m.kind === 'roundOpened' && m.note === '3')!;
    expect(round).toMatchObject({ number: expect.stringMatching(/^XJ/), deadline: expect.any(String) });
  });

  it('pages and filters unread only', async () => {
    const all = (await messages(a104)).data;
    const page2 = (await messages(a104, { pageNo: 2, pageSize: 10 })).data;
    expect(page2.records).toEqual(all.records.slice(10, 20));
    expect(page2.total).toBe(all.total);
    const unread = (await messages(a104, { unreadOnly: true, pageSize: 100 })).data;
    expect(unread.records.every((m) => !m.read)).toBe(true);
    expect(unread.total).toBe(all.unread);
    expect(unread.unread).toBe(all.unread);
    expect((await messages(a104, { pageNo: 99 })).data).toMatchObject({ records: [], total: all.total, unread: all.unread });
  });

  it('refuses bad input and needs a token', async () => {
    for (const bad of [{ pageSize: 15 }, { pageNo: -1 }, { unreadOnly: 'yes' }, { unreadOnly: 1 }]) {
      const res = await messages(a104, bad);
      expect(res.code, JSON.stringify(bad)).toBe('E400');
      expect((res.data as unknown as Fields)[0]!.field).toBe(Object.keys(bad)[0]);
    }
    expect((await t.post('/home/messageList', {})).code).toBe('E401');
  });

  it('shows a supplier only its own messages', async () => {
    expect((await messages(a101)).data).toMatchObject({ records: [], total: 0, unread: 0 });
    const mine = new Set((await messages(a104)).data.records.map((m) => m.id));
    const theirs = (await messages(a141)).data.records;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((m) => mine.has(m.id))).toBe(false);
    expect(new Set(theirs.map((m) => m.kind))).toEqual(new Set(['enquiryNew', 'roundOpened']));
  });
});

describe('homeMarkRead', () => {
  /** A supplier of the test's own with `n` unread messages (one per enquiry it is invited to). */
  async function withUnread(n: number) {
    const s = await newSupplier(t);
    for (let i = 0; i < n; i++) await ek.create({ suppliers: [s.username] });
    return s;
  }

  it('marks the named messages read, ignoring other suppliers’ and unknown ids; again changes nothing', async () => {
    const s = await withUnread(3);
    const before = (await messages(s, { unreadOnly: true })).data;
    expect(before.unread).toBe(3);
    const [first, second] = before.records;
    const others = (await messages(a141, { unreadOnly: true })).data;
    const res = await markRead(s, { ids: [first!.id, second!.id, others.records[0]!.id, '999999999', 'nonsense', '1'.repeat(40)] });
    expect(res).toMatchObject({ code: 'E000', data: { unread: 1 } });
    expect((await messages(a141, { unreadOnly: true })).data.unread).toBe(others.unread);
    const readAt = async (id: string) =>
      (await t.db.query<{ r: Date }>('SELECT read_at AS r FROM supplier_messages WHERE id = $1', [id]))[0]!.r;
    const firstRead = await readAt(first!.id);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 1000);
    try {
      expect((await markRead(s, { ids: [first!.id] })).data.unread).toBe(1);
    } finally {
      t.clock.now = saved;
    }
    expect(await readAt(first!.id)).toEqual(firstRead);
    const list = (await messages(s)).data.records;
    expect(list.find((m) => m.id === first!.id)!.read).toBe(true);
    expect((await todos(s)).data.counts.unreadMessages).toBe(1);
  });

  it('marks all read; another supplier’s stay unread', async () => {
    const s = await withUnread(2);
    const others = (await messages(a141)).data.unread;
    expect(others).toBeGreaterThan(0);
    expect((await markRead(s, { all: true })).data).toEqual({ unread: 0 });
    expect((await messages(s, { unreadOnly: true })).data).toMatchObject({ records: [], total: 0, unread: 0 });
    expect((await markRead(s, { all: true })).data).toEqual({ unread: 0 });
    expect((await messages(a141)).data.unread).toBe(others);
  });

  it('refuses {}, empty and too many ids, wrong types and unknown fields, writing nothing', async () => {
    const readCount = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM supplier_messages WHERE read_at IS NOT NULL'))[0]!.n;
    const before = await readCount();
    const ids = (await messages(a141)).data.records.map((m) => m.id);
    const many = Array.from({ length: MARK_READ_MAX + 1 }, (_, i) => String(i + 1));
    for (const bad of [
      {},
      { ids: [] },
      { ids: many },
      { ids: [1] },
      { ids: [''] },
      { ids: 'x' },
      { ids: ['x'.repeat(65)] },
      { all: false },
      { all: 'true' },
      { ids, all: true },
      { ids, extra: 1 },
      { all: true, extra: 1 },
    ]) {
      expect((await markRead(a141, bad)).code, JSON.stringify(bad).slice(0, 80)).toBe('E400');
    }
    expect(await readCount()).toBe(before);
    // The most ids allowed, from a supplier of its own (made-up ids may name demo_a141's messages).
    expect((await markRead(await newSupplier(t), { ids: many.slice(0, MARK_READ_MAX) })).code).toBe('E000');
    expect((await t.post('/home/markRead', { all: true })).code).toBe('E401');
  });
});

describe('messages are written once per change', () => {
  it('a tender record: confirmed, rejected with the reason, result per record, refunded; refused repeats write none', async () => {
    // Suppliers of the test's own: the demo suppliers' messages are the demo's history other tests read.
    const [a104, a141] = [await newSupplier(t), await newSupplier(t, 'A141')];
    const { notice, record } = await tk.recordAt(a104, 'depositSubmitted');
    const other = (await tk.signUp(a141, notice.id)).data;
    await tk.operator('rejectDeposit', { id: record.id, reason: '未收到款项' });
    expect(await stored('depositRejected', record.id)).toBe(1);
    const rejected = (await messages(a104)).data.records[0]!;
    expect(rejected).toMatchObject({
      kind: 'depositRejected',
      refId: record.id,
      number: notice.tenderNo,
      name: record.title,
      deadline: notice.cutoffTime,
      note: '未收到款项',
      read: false,
    });
    await expect(tk.operator('rejectDeposit', { id: record.id, reason: 'again' })).rejects.toThrow(/depositRejected/);
    expect(await stored('depositRejected', record.id)).toBe(1);
    await t.post('/tender/payDeposit', await tk.depositBody(a104, record), tk.as(a104));
    await tk.operator('confirmDeposit', { id: record.id });
    await expect(tk.operator('confirmDeposit', { id: record.id })).rejects.toThrow(/not depositSubmitted/);
    expect(await stored('depositConfirmed', record.id)).toBe(1);
    const withDeposit = (await t.post<TenderRecordDetail>('/tender/getById', { id: record.id }, tk.as(a104))).data;
    await t.post('/tender/submitBid', await tk.bidBody(a104, withDeposit), tk.as(a104));
    await tk.operator('announceResult', { tenderNo: notice.tenderNo, winner: a104.username });
    await expect(tk.operator('announceResult', { tenderNo: notice.tenderNo, winner: a104.username })).rejects.toThrow(/announced already/);
    const results = await t.db.query<{ ref: string; note: string; supplier: string }>(
      "SELECT ref_id::text AS ref, note, supplier_id::text AS supplier FROM supplier_messages WHERE kind = 'resultAnnounced' AND ref_id = ANY($1::uuid[]) ORDER BY note",
      [[record.id, other.id]],
    );
    expect(results).toEqual([
      { ref: other.id, note: 'lost', supplier: a141.supplierId },
      { ref: record.id, note: 'won', supplier: a104.supplierId },
    ]);
  });

  it('the supplier’s own writes and their idempotent replays write none', async () => {
    const before = await allMessages();
    const { record } = await tk.recordAt(a104, 'signedUp');
    const body = await tk.depositBody(a104, record);
    const key = { 'idempotency-key': 'home-deposit-replay-1' };
    expect((await t.post('/tender/payDeposit', body, tk.as(a104, key))).code).toBe('E000');
    expect((await t.post('/tender/payDeposit', body, tk.as(a104, key))).code).toBe('E000');
    const e = await ek.create({ suppliers: ['demo_a104'] });
    const afterEnquiry = await allMessages();
    expect(afterEnquiry).toBe(before + 1);
    const quote = ek.quoteBody(await ek.detail(a104, e.id));
    expect((await ek.quote(a104, quote, { 'idempotency-key': 'home-quote-replay-1' })).code).toBe('E000');
    expect((await ek.quote(a104, quote, { 'idempotency-key': 'home-quote-replay-1' })).code).toBe('E000');
    expect((await ek.quote(a104, quote)).code).toBe('E409');
    expect(await allMessages()).toBe(afterEnquiry);
  });
});

describe('the message counts migration 008 keeps', () => {
  const drift = () =>
    t.db.query(
      `SELECT s.id FROM suppliers s
         LEFT JOIN supplier_message_counts c ON c.supplier_id = s.id
         LEFT JOIN (SELECT supplier_id, count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread FROM supplier_messages GROUP BY 1) m ON m.supplier_id = s.id
        WHERE coalesce(c.total, 0) <> coalesce(m.total, 0) OR coalesce(c.unread, 0) <> coalesce(m.unread, 0)`,
    );

  it('equal the messages after every insert, read mark and deletion of this file', async () => {
    expect(await drift()).toEqual([]);
    // Changes to the rows of a supplier of the test's own: three messages, all read, then one unread again and one deleted.
    const s = await newSupplier(t);
    for (let i = 0; i < 3; i++) await ek.create({ suppliers: [s.username] });
    expect((await markRead(s, { all: true })).data).toEqual({ unread: 0 });
    const [first, second] = (await messages(s)).data.records;
    await t.db.query('UPDATE supplier_messages SET read_at = NULL WHERE id = $1', [first!.id]);
    await t.db.query('DELETE FROM supplier_messages WHERE id = $1', [second!.id]);
    expect(await drift()).toEqual([]);
    const res = (await messages(s)).data;
    expect(res).toMatchObject({ total: 2, unread: 1 });
    expect(res.records.filter((m) => !m.read)).toHaveLength(res.unread);
    expect(res.records).toHaveLength(res.total);
  });
});
