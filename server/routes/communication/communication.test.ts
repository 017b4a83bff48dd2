import { describe, expect, it } from 'vitest';
import type { CommunicationDetail, CommunicationReply, CommunicationSummary } from '../../../contract/schemas/communication';
import { runOperatorAction } from '../../services/operator-actions';
import { build, multipart, newSupplier, oneWriteAmong } from '../../test/helper';
import { receiptChecker } from '../../test/receipts';

const t = await build();
type Page = { records: CommunicationSummary[]; total: number; pageNo: number; pageSize: number };

const a104 = await t.login('demo_a104');
const as = (s: { token: string }, extra: Record<string, string> = {}) => ({ token: s.token, headers: extra });
const key = (k: string) => ({ 'idempotency-key': k });

async function upload(name: string, content: string, token?: string) {
  const form = multipart(name, Buffer.from(content));
  const res = await t.app.inject({
    method: 'POST',
    url: '/bid-web/bid-service/file/upload',
    payload: form.payload,
    headers: { ...form.headers, ...(token ? { 'x-access-token': token } : {}) },
  });
  return JSON.parse(res.json().data.filename) as { name: string; fileUrl: string; path: string };
}
const ref = (f: { name: string; path: string }) => ({ name: f.name, url: 'https://evil.example/x', path: f.path });

/** A second A104 supplier of the test's own, so that ownership can be tested between two communicating suppliers. */
const secondA104 = () => newSupplier(t);

/**
 * A thread of `s` of the test's own in `status`: started by the supplier, answered (and closed)
 * by the buyer. Tests that write threads or replies use these, not demo_a104's seeded threads,
 * which the list and detail tests read.
 */
async function ownThread(s: { token: string }, status: 'awaitingBuyer' | 'awaitingSupplier' | 'closed') {
  const res = await t.post<CommunicationDetail>(
    '/communication/save',
    { priority: 'low', topic: `自有主题 ${status}`, content: '内容' },
    as(s),
  );
  if (res.code !== 'E000') throw new Error(`save: ${res.code} ${res.message}`);
  if (status !== 'awaitingBuyer') {
    await runOperatorAction(
      { db: t.db, storage: t.app.services.storage, now: new Date(t.clock.now), timeZone: t.app.services.timeZone },
      'replyCommunication',
      { id: res.data.id, text: '采购方答复', close: status === 'closed' },
    );
  }
  return res.data;
}

describe('communicationListByPage', () => {
  it("lists the supplier's seeded threads, newest first, with the statuses of each kind", async () => {
    const res = await t.post<Page>('/communication/listByPage', {}, as(a104));
    expect(res.code).toBe('E000');
    expect(res.data.total).toBe(3);
    expect(res.data.records.map((r) => r.status)).toEqual(['awaitingBuyer', 'awaitingSupplier', 'closed']);
    expect(res.data.records[0]!.questionNo).toMatch(/^GT\d{6}\d{4,}$/);
    expect(res.data.records[1]).toMatchObject({ priority: 'high', replyCount: 1 });
    expect(res.data.records[1]!.sourceNo).toMatch(/^ZB/);
  });

  it('filters by status and searches question number, topic and source number (% and _ literally)', async () => {
    const closed = await t.post<Page>('/communication/listByPage', { status: 'closed' }, as(a104));
    expect(closed.data.records.map((r) => r.topic)).toEqual(['开票信息变更']);
    const byTopic = await t.post<Page>('/communication/listByPage', { searchContent: '样品' }, as(a104));
    expect(byTopic.data.total).toBe(1);
    const byNo = await t.post<Page>(
      '/communication/listByPage',
      { searchContent: closed.data.records[0]!.questionNo.toLowerCase() },
      as(a104),
    );
    expect(byNo.data.total).toBe(1);
    expect((await t.post<Page>('/communication/listByPage', { searchContent: '%' }, as(a104))).data.total).toBe(0);
    const paged = await t.post<Page>('/communication/listByPage', { pageNo: 2, pageSize: 10 }, as(a104));
    expect(paged.data).toMatchObject({ records: [], total: 3, pageNo: 2 });
  });

  it('refuses bad input with E400 and no token with E401', async () => {
    for (const body of [{ status: 'open' }, { pageSize: 7 }, { pageNo: 'x' }, { searchContent: 'x'.repeat(101) }]) {
      expect((await t.post('/communication/listByPage', body, as(a104))).code, JSON.stringify(body)).toBe('E400');
    }
    expect((await t.post('/communication/listByPage', {})).code).toBe('E401');
  });

  it('is for status A104 only: A101 and A141 get E403', async () => {
    const before = await t.count('communications');
    for (const username of ['demo_a101', 'demo_a141']) {
      await t.db.query('UPDATE suppliers SET status = $2 WHERE username = $1', [username, username === 'demo_a101' ? 'A101' : 'A141']);
      const s = await t.login(username);
      for (const [path, body] of [
        ['/communication/listByPage', {}],
        ['/communication/getById', { id: '00000000-0000-0000-0000-000000000000' }],
        ['/communication/save', { priority: 'low', topic: 'x', content: 'y' }],
        ['/communication/reply', { communicationId: 'x', detail: 'y' }],
      ] as const) {
        expect((await t.post(path, body, as(s))).code, `${username} ${path}`).toBe('E403');
      }
    }
    expect(await t.count('communications')).toBe(before);
  });
});

describe('communicationGetById', () => {
  it('answers the thread with its reply history, opening question first, attachments downloadable', async () => {
    const list = await t.post<Page>('/communication/listByPage', { status: 'awaitingSupplier' }, as(a104));
    const res = await t.post<CommunicationDetail>('/communication/getById', { id: list.data.records[0]!.id }, as(a104));
    expect(res.code).toBe('E000');
    expect(res.data.replies.map((r) => r.side)).toEqual(['supplier', 'buyer']);
    expect(res.data.replies[0]!.sponsor).toBe('周强');
    const attachment = res.data.replies[1]!.attachments[0]!;
    expect(attachment.name).toBe('样品检测报告.txt');
    const download = await t.app.inject({ method: 'GET', url: attachment.url, headers: { 'x-access-token': a104.token } });
    expect(download.body).toContain('样品检测报告');
  });

  it("answers E404 for another supplier's thread, an unknown id and a malformed id", async () => {
    const other = await secondA104();
    const list = await t.post<Page>('/communication/listByPage', {}, as(a104));
    expect((await t.post('/communication/getById', { id: list.data.records[0]!.id }, as(other))).code).toBe('E404');
    expect((await t.post('/communication/getById', { id: '00000000-0000-0000-0000-000000000000' }, as(a104))).code).toBe('E404');
    expect((await t.post('/communication/getById', { id: "1' OR '1'='1" }, as(a104))).code).toBe('E404');
    expect((await t.post('/communication/getById', { id: 'x'.repeat(65) }, as(a104))).code).toBe('E400');
    expect((await t.post('/communication/getById', {}, as(a104))).code).toBe('E400');
  });
});

describe('communicationSave', () => {
  it('starts a thread awaiting the buyer with own attachments (links rebuilt, unclaimed uploads claimed)', async () => {
    const me = await newSupplier(t);
    const mine = await upload('规格.pdf', 'spec', me.token);
    const anonymous = await upload('照片.png', 'png');
    const res = await t.post<CommunicationDetail>(
      '/communication/save',
      { priority: 'medium', topic: '  新的问题  ', content: '内容', sourceNo: 'ZB2026', attachments: [ref(mine), ref(anonymous)] },
      as(me),
    );
    expect(res.code).toBe('E000');
    expect(res.data).toMatchObject({ topic: '新的问题', status: 'awaitingBuyer', replyCount: 0, sourceNo: 'ZB2026' });
    expect(res.data.replies).toHaveLength(1);
    expect(res.data.replies[0]!.attachments.map((a) => a.url)).toEqual([mine.fileUrl, anonymous.fileUrl]);
    const owner = await t.db.query<{ owner: string }>('SELECT owner_supplier_id::text AS owner FROM files WHERE storage_key = $1', [
      anonymous.path,
    ]);
    expect(owner[0]!.owner).toBe(me.supplierId);
  });

  it('refuses missing and oversized fields, unknown priorities, more than 20 attachments: nothing written', async () => {
    const before = await t.count('communications');
    const file = await upload('a.txt', 'a', a104.token);
    const bodies = [
      {},
      { priority: 'urgent', topic: 't', content: 'c' },
      { priority: 'low', topic: '', content: 'c' },
      { priority: 'low', topic: 't', content: '   ' },
      { priority: 'low', topic: 'x'.repeat(201), content: 'c' },
      { priority: 'low', topic: 't', content: 'x'.repeat(2001) },
      { priority: 'low', topic: 't', content: 'c', sourceNo: 'x'.repeat(65) },
      { priority: 'low', topic: 't', content: 'c', attachments: Array.from({ length: 21 }, () => ref(file)) },
      { priority: 'low', topic: 't', content: 'c', attachments: [{ name: 'x' }] },
      { priority: 1, topic: ['t'], content: { a: 1 } },
    ];
    for (const body of bodies)
      expect((await t.post('/communication/save', body, as(a104))).code, JSON.stringify(body).slice(0, 80)).toBe('E400');
    const tooMany = await t.post<Array<{ field: string; message: string }>>('/communication/save', bodies[7], as(a104));
    expect(tooMany.data[0]).toMatchObject({ field: 'attachments', message: 'At most 20 files can be chosen at once' });
    expect(await t.count('communications')).toBe(before);
  });

  it("refuses another supplier's file (E403) and an unknown path (E400): nothing written", async () => {
    const other = await secondA104();
    const theirs = await upload('theirs.pdf', 'x', other.token);
    const before = await t.count('communications');
    expect(
      (await t.post('/communication/save', { priority: 'low', topic: 't', content: 'c', attachments: [ref(theirs)] }, as(a104))).code,
    ).toBe('E403');
    const unknown = { name: 'x.pdf', url: '', path: 'u/2026/01/0123456789abcdef0123456789abcdef.pdf' };
    expect(
      (await t.post('/communication/save', { priority: 'low', topic: 't', content: 'c', attachments: [unknown] }, as(a104))).code,
    ).toBe('E400');
    expect(await t.count('communications')).toBe(before);
  });

  it('applies a repeated Idempotency-Key once and answers the first answer again', async () => {
    const me = await newSupplier(t);
    const before = await t.count('communications');
    const body = { priority: 'low', topic: '重复发送', content: '只应保存一次' };
    const first = await t.post<CommunicationDetail>('/communication/save', body, as(me, key('save-key-0001')));
    const again = await t.post<CommunicationDetail>('/communication/save', body, as(me, key('save-key-0001')));
    expect(again).toEqual(first);
    expect(await t.count('communications')).toBe(before + 1);
    // Another key is another write.
    await t.post('/communication/save', body, as(me, key('save-key-0002')));
    expect(await t.count('communications')).toBe(before + 2);
  });

  it('applies concurrent duplicates once: the others replay or get E409 inProgress', async () => {
    const me = await newSupplier(t);
    const before = await t.count('communications');
    const body = { priority: 'high', topic: '并发重复', content: '只应保存一次' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.post<CommunicationDetail>('/communication/save', body, as(me, key('save-concurrent-1')))),
    );
    expect(await t.count('communications')).toBe(before + 1);
    const applied = oneWriteAmong(answers);
    // After the first run, a retry replays.
    const retry = await t.post<CommunicationDetail>('/communication/save', body, as(me, key('save-concurrent-1')));
    expect(retry).toEqual(applied);
  });
});

describe('communicationReply', () => {
  const threadOf = async (status: string) => (await t.post<Page>('/communication/listByPage', { status }, as(a104))).data.records[0]!;

  it('adds a reply with an attachment and moves the thread to awaiting the buyer', async () => {
    const me = await newSupplier(t);
    const thread = await ownThread(me, 'awaitingSupplier');
    const file = await upload('回复附件.pdf', 'reply bytes', me.token);
    const res = await t.post<CommunicationReply>(
      '/communication/reply',
      { communicationId: thread.id, detail: '可以稳定', attachments: [ref(file)] },
      as(me),
    );
    expect(res.code).toBe('E000');
    // The sponsor is the supplier's contact (registration() names 赵六).
    expect(res.data).toMatchObject({ side: 'supplier', sponsor: '赵六', detail: '可以稳定' });
    const detail = await t.post<CommunicationDetail>('/communication/getById', { id: thread.id }, as(me));
    expect(detail.data).toMatchObject({ status: 'awaitingBuyer', replyCount: 2 });
    expect(detail.data.replies.at(-1)!.attachments[0]!.path).toBe(file.path);
  });

  it('refuses a reply to a closed thread with E409 communicationClosed', async () => {
    const thread = await threadOf('closed');
    const res = await t.post('/communication/reply', { communicationId: thread.id, detail: '还有问题' }, as(a104));
    expect(res).toMatchObject({ code: 'E409', message: 'This communication is closed and cannot be replied to' });
  });

  it("answers E404 for another supplier's thread and unknown ids; E400 for bad input: nothing written", async () => {
    const other = await secondA104();
    const thread = await threadOf('awaitingBuyer');
    const before = await t.count('communication_replies');
    expect((await t.post('/communication/reply', { communicationId: thread.id, detail: 'x' }, as(other))).code).toBe('E404');
    expect((await t.post('/communication/reply', { communicationId: 'nope', detail: 'x' }, as(a104))).code).toBe('E404');
    for (const body of [
      { communicationId: thread.id },
      { communicationId: thread.id, detail: '' },
      { detail: 'x' },
      { communicationId: thread.id, detail: 'x'.repeat(2001) },
      { communicationId: 5, detail: 'x' },
    ]) {
      expect((await t.post('/communication/reply', body, as(a104))).code, JSON.stringify(body).slice(0, 60)).toBe('E400');
    }
    expect(await t.count('communication_replies')).toBe(before);
  });

  it('applies a repeated or concurrent Idempotency-Key once', async () => {
    const me = await newSupplier(t);
    const thread = await ownThread(me, 'awaitingBuyer');
    const before = await t.count('communication_replies');
    const body = { communicationId: thread.id, detail: '补充说明' };
    const first = await t.post<CommunicationReply>('/communication/reply', body, as(me, key('reply-key-0001')));
    expect((await t.post('/communication/reply', body, as(me, key('reply-key-0001')))).data).toEqual(first.data);
    const concurrent = await Promise.all(
      Array.from({ length: 4 }, () => t.post<CommunicationReply>('/communication/reply', body, as(me, key('reply-key-0002')))),
    );
    expect(oneWriteAmong(concurrent).data.id).not.toBe(first.data.id);
    expect(await t.count('communication_replies')).toBe(before + 2);
  });

  it('frees the key of a refused reply, so the corrected retry runs', async () => {
    const me = await newSupplier(t);
    const closed = await ownThread(me, 'closed');
    const open = await ownThread(me, 'awaitingBuyer');
    expect((await t.post('/communication/reply', { communicationId: closed.id, detail: 'x' }, as(me, key('reply-key-0003')))).code).toBe(
      'E409',
    );
    expect((await t.post('/communication/reply', { communicationId: closed.id, detail: 'x' }, as(me, key('reply-key-0003')))).code).toBe(
      'E409',
    );
    expect((await t.post('/communication/reply', { communicationId: open.id, detail: 'x' }, as(me, key('reply-key-0003')))).code).toBe(
      'E000',
    );
  });
});

describe('receipts of a supplier’s messages', () => {
  it('the opening question and each reply: signed, with the thread’s number and the attachments as stored; none for the buyer', async () => {
    const { checked } = await receiptChecker(t);
    const me = await newSupplier(t);
    const question = await upload('问题附件.pdf', 'question bytes', me.token);
    const opened = await t.post<CommunicationDetail>(
      '/communication/save',
      { priority: 'high', topic: '回执', content: '请确认', attachments: [ref(question)] },
      as(me),
    );
    expect(opened.code).toBe('E000');
    const [opening] = opened.data.replies;
    expect(await checked(opening!.receipt!, { 'attachments.0': question.path })).toMatchObject({
      kind: 'communication',
      recordId: opened.data.id,
      recordNo: opened.data.questionNo,
      supplierId: me.supplierId,
      receivedAt: t.clock.now.toISOString(),
      fileCount: 1,
    });
    await runOperatorAction(
      { db: t.db, storage: t.app.services.storage, now: new Date(t.clock.now), timeZone: t.app.services.timeZone },
      'replyCommunication',
      { id: opened.data.id, text: '采购方答复', close: false },
    );
    const reply = await t.post<CommunicationReply>('/communication/reply', { communicationId: opened.data.id, detail: '收到' }, as(me));
    expect(await checked(reply.data.receipt!)).toMatchObject({ kind: 'reply', recordId: opened.data.id, fileCount: 0 });
    const detail = await t.post<CommunicationDetail>('/communication/getById', { id: opened.data.id }, as(me));
    expect(detail.data.replies.map((r) => r.receipt)).toEqual([opening!.receipt, null, reply.data.receipt]);
  });
});
