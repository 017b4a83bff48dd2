import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommunicationDetail } from '../../../contract/schemas/communication';
import { DEMO_VISITOR } from '../../seed';
import { build, newSupplier } from '../../test/helper';
import { OPERATOR_HEADER, OPS_PATH } from './index';

const SECRET = 'test-operator-secret-0123456789';
const t = await build({ operatorSecret: SECRET });

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

interface OperatorThread {
  id: string;
  questionNo: string;
  supplier: string;
  status: string;
  replyCount: number;
  replies: Array<{
    side: string;
    sponsor: string;
    detail: string;
    attachments: Array<{ name: string; path: string; size: number; sha256: string }>;
  }>;
}

interface OperatorVisit {
  id: string;
  visitNo: string;
  phone: string;
  baseCode: string;
  departmentCode: string;
  department: string;
  validFrom: string;
  validUntil: string;
  status: string;
}

describe('operator actions on communications', () => {
  it('lists the threads of a supplier with replies and attachment sizes and hashes', async () => {
    const res = await act<OperatorThread[]>('listCommunications', { supplier: 'demo_a104' });
    expect(res.status).toBe(200);
    expect(res.result.map((r) => r.status)).toEqual(['closed', 'awaitingSupplier', 'awaitingBuyer']);
    const withFile = res.result[1]!;
    expect(withFile.supplier).toBe('demo_a104');
    expect(withFile.replies[1]!.attachments[0]).toMatchObject({
      name: '样品检测报告.txt',
      size: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // No supplier named: every thread (other tests here add their own).
    expect((await act('listCommunications', {})).result).toHaveLength(await t.count('communications'));
    expect((await act('listCommunications', { supplier: 'demo_a141' })).result).toEqual([]);
    expect((await act('listCommunications', { supplier: 'nobody' })).status).toBe(400);
  });

  it('replies as the buyer by question number, with a local file the supplier can download, and closes', async () => {
    // A thread of a supplier of the test's own: demo_a104's threads are what the listing test expects.
    const s = await newSupplier(t);
    const thread = (
      await t.post<CommunicationDetail>(
        '/communication/save',
        { priority: 'low', topic: '运营回复测试', content: '请回复' },
        { token: s.token },
      )
    ).data;
    const dir = mkdtempSync(join(tmpdir(), 'reply-'));
    const local = join(dir, '报价说明.txt');
    writeFileSync(local, '说明内容');
    const res = await act<OperatorThread>('replyCommunication', { id: thread.questionNo, text: '已收到，回复如下。', files: [local] });
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({ status: 'awaitingSupplier', replyCount: 1 });
    const reply = res.result.replies.at(-1)!;
    expect(reply).toMatchObject({ side: 'buyer', sponsor: '采购部', detail: '已收到，回复如下。' });
    expect(reply.attachments[0]).toMatchObject({ name: '报价说明.txt', size: Buffer.byteLength('说明内容') });

    const detail = await t.post<CommunicationDetail>('/communication/getById', { id: thread.id }, { token: s.token });
    expect(detail.data.status).toBe('awaitingSupplier');
    const download = await t.app.inject({
      method: 'GET',
      url: detail.data.replies.at(-1)!.attachments[0]!.url,
      headers: { 'x-access-token': s.token },
    });
    expect(download.body).toBe('说明内容');

    const closed = await act<OperatorThread>('replyCommunication', { id: thread.id, text: '本沟通关闭。', close: true, sponsor: '李敏' });
    expect(closed.result).toMatchObject({ status: 'closed', replyCount: 2 });
    expect(closed.result.replies.at(-1)!.sponsor).toBe('李敏');
    expect((await t.post('/communication/reply', { communicationId: thread.id, detail: 'x' }, { token: s.token })).code).toBe('E409');
  });

  it('refuses unknown and closed threads, missing text and missing files', async () => {
    const [closed] = (await act<OperatorThread[]>('listCommunications', {})).result.filter((r) => r.status === 'closed');
    expect((await act('replyCommunication', { id: closed!.questionNo, text: 'x' })).error).toContain('is closed');
    expect((await act('replyCommunication', { id: 'GT000000000', text: 'x' })).status).toBe(400);
    expect((await act('replyCommunication', { id: closed!.id })).status).toBe(400);
    const [open] = (await act<OperatorThread[]>('listCommunications', {})).result.filter((r) => r.status !== 'closed');
    const replies = open!.replyCount;
    expect((await act('replyCommunication', { id: open!.id, text: 'x', files: ['/no/such/file.pdf'] })).error).toContain('no such file');
    expect((await act<OperatorThread[]>('listCommunications', {})).result.find((r) => r.id === open!.id)!.replyCount).toBe(replies);
  });
});

describe('operator actions on visits', () => {
  it('lists the seeded demo visit and its visitor person', async () => {
    const res = await act<OperatorVisit[]>('listVisits', { phone: DEMO_VISITOR.phone });
    expect(res.result).toHaveLength(1);
    expect(res.result[0]).toMatchObject({ phone: DEMO_VISITOR.phone, baseCode: 'DG', departmentCode: 'DG-PUR', status: 'approved' });
    expect((await act('getVisitorPerson', { phone: DEMO_VISITOR.phone })).result).toEqual({
      phone: DEMO_VISITOR.phone,
      visitorId: null,
      person: null,
    });
  });

  it('approves a visit by dates (whole days) or instants, naming the department by code or name', async () => {
    const byDate = await act<OperatorVisit>('approveVisit', {
      phone: '13700000007',
      name: '新访客',
      base: 'tj',
      department: '包装车间',
      host: '刘主管',
      from: '2026-12-01',
      until: '2026-12-03',
      reason: '设备验收',
    });
    expect(byDate.status).toBe(200);
    expect(byDate.result).toMatchObject({ baseCode: 'TJ', departmentCode: 'TJ-PKG', department: '包装车间', status: 'approved' });
    expect(byDate.result.visitNo).toMatch(/^FK\d{10}$/);
    // Whole days on the Taicang base's clock (Asia/Shanghai), whatever the server's.
    expect(byDate.result).toMatchObject({ validFrom: '2026-11-30T16:00:00.000Z', validUntil: '2026-12-03T16:00:00.000Z' });
    const byInstant = await act<OperatorVisit>('approveVisit', {
      phone: '13700000007',
      name: '新访客',
      base: 'DG',
      department: 'Equipment',
      host: '王',
      from: '2026-12-05T08:00:00+08:00',
      until: '2026-12-05T18:00:00+08:00',
    });
    expect(byInstant.result).toMatchObject({
      departmentCode: 'DG-EQP',
      validFrom: '2026-12-05T00:00:00.000Z',
      validUntil: '2026-12-05T10:00:00.000Z',
    });
    expect((await act<OperatorVisit[]>('listVisits', { phone: '13700000007' })).result).toHaveLength(2);
    expect((await act<OperatorVisit[]>('listVisits', {})).result.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad phones, bases, departments and dates', async () => {
    const good = { phone: '13700000008', name: 'x', base: 'DG', department: 'DG-PUR', host: 'y', from: '2026-12-01', until: '2026-12-02' };
    for (const change of [
      { phone: '123' },
      { base: 'XX' },
      { department: 'TJ-PKG' },
      { from: '2026-02-30' },
      { until: 'tomorrow' },
      { from: '2026-12-05', until: '2026-12-01' },
      { name: '' },
    ]) {
      const res = await act('approveVisit', { ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
    }
    expect((await act<OperatorVisit[]>('listVisits', { phone: '13700000008' })).result).toEqual([]);
  });

  it('a visit it approves opens the visitor flow, and the saved person shows up', async () => {
    const phone = '13700000009';
    const now = Date.now();
    await act('approveVisit', {
      phone,
      name: '流程访客',
      base: 'BH',
      department: 'BH-LOG',
      host: '黄',
      from: new Date(now - 3600_000).toISOString(),
      until: new Date(now + 86_400_000).toISOString(),
    });
    expect((await t.post('/h5/getVerificationCodeByPhone', { phone }, { ip: '10.9.9.9' })).code).toBe('E000');
    const code = t.inbox.at(-1)!.code;
    const pass = await t.post<{ pass: string; visitorId: string }>(
      '/h5/getQrByPhoneAndVerificationCode',
      { phone, code },
      { ip: '10.9.9.9' },
    );
    const person = {
      name: '流程访客',
      gender: 'F',
      certificateType: 'PASSPORT',
      certificateNo: 'E12345678',
      phone,
      meal: false,
      mealType: '',
      lodging: true,
    };
    expect((await t.post('/h5/savePersonnelEntity', { pass: pass.data.pass, person })).code).toBe('E000');
    expect((await act('getVisitorPerson', { phone })).result).toEqual({ phone, visitorId: pass.data.visitorId, person });
  });
});
