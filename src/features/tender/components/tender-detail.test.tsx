import { message } from '@/locales/wire';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { listEntries } from '@/offline/outbox';
import { patchEntry } from '@/offline/outbox-store';
import { fileOf, logIn, logOut, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { queueSubmitBid } from '../api/submit-bid';
import { bidService, ok, receiptFixture } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { detail, file, inDays } from '../test/fixtures';
import type { TenderRecordDetail } from '@contract/schemas/tender';
import { TenderDetailView } from './tender-detail';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  // Let the screen's last outbox read finish before the database goes.
  await new Promise((r) => setTimeout(r, 50));
  await resetPortalDb();
});
afterAll(() => server.close());

const zh = (key: Parameters<typeof message>[0]) => message(key, 'zh-CN');

function renderDetail(answer: Response | ReturnType<typeof ok>) {
  logIn('s1');
  server.use(http.post(`${bidService}/tender/getById`, () => answer));
  renderScreen(
    '/platform/tenderManagement/t1',
    () => <TenderDetailView supplierId="s1" supplierCode="SUP001" supplierStatus="A104" id="t1" />,
    ['/platform/tenderManagement', '/bidDetail/$id'],
  );
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('TenderDetailView', () => {
  it('puts a rejected deposit and its reason first, with the deposit facts and the way to pay again', async () => {
    renderDetail(
      ok(
        detail({
          status: 'depositRejected',
          rejectReason: '汇款金额与要求不符',
          depositAmount: 1200,
          deposit: {
            depositType: 'transfer',
            amount: 1200,
            currency: 'CNY',
            paymentDate: '2030-05-30',
            remittanceSlip: file('汇款单.jpg'),
            submittedAt: inDays(-2),
            confirmedAt: null,
            rejectReason: '汇款金额与要求不符',
          },
        }),
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱年度采购 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /ZB2030-0001/ }).getAttribute('href')).toBe('/bidDetail/n1');
    expect(screen.getByText('保证金被驳回')).toBeTruthy(); // the status badge

    const deposit = section('保证金');
    const note = deposit.getByRole('note');
    expect(within(note).getByText('保证金被驳回，请核对后重新缴纳')).toBeTruthy();
    expect(within(note).getByText('驳回原因：汇款金额与要求不符')).toBeTruthy();
    expect(deposit.getByText('银行转账')).toBeTruthy();
    expect(deposit.getByText('¥1,200.00')).toBeTruthy();
    expect(deposit.getByText('¥12,000.00')).toBeTruthy();
    expect(deposit.getByText('2030-05-30')).toBeTruthy();
    expect(deposit.getByRole('button', { name: '下载 汇款单.jpg' })).toBeTruthy();
    expect(deposit.getByText('已驳回')).toBeTruthy();

    expect(section('投标文件').getByText('尚未提交投标文件。需提供的证书：营业执照和ISO 9001')).toBeTruthy();
    expect(section('保证金退还').getByText('尚未申请退还保证金。')).toBeTruthy();

    const actions = section('操作');
    expect(actions.getByRole('button', { name: '缴纳保证金' }).getAttribute('aria-disabled')).toBeNull();
    // On the detail page every closed action shows its reason at once.
    expect(actions.getByText(zh('bidNeedsConfirmedDeposit'))).toBeTruthy();
    expect(actions.queryByRole('link', { name: '查看详情' })).toBeNull();
  });

  it('shows the bid (documents, certificates by name, bill of materials) and the refund with its voucher', async () => {
    renderDetail(
      ok(
        detail({
          status: 'refunded',
          winStatus: 'lost',
          refundStatus: 'refunded',
          depositAmount: 12000,
          depositConfirmed: true,
          deposit: {
            depositType: 'guarantee',
            amount: 12000,
            currency: 'CNY',
            paymentDate: '2030-05-20',
            remittanceSlip: file('保函.pdf'),
            submittedAt: inDays(-12),
            confirmedAt: inDays(-11),
            rejectReason: null,
          },
          bid: {
            version: 1,
            bidDocuments: [file('投标书.pdf')],
            certificates: [
              { name: '营业执照', files: [file('执照.pdf')] },
              { name: 'ISO 9001', files: [file('iso.pdf'), file('iso-附件.pdf')] },
            ],
            billOfMaterials: file('物料清单.xlsx'),
            submittedAt: inDays(-5),
          },
          refund: { remark: '请退回原账户', requestedAt: inDays(-2), refundedAt: inDays(-1), voucher: file('退款凭证.pdf') },
        }),
      ),
    );
    const bid = await screen.findByRole('region', { name: '投标文件' });
    for (const name of ['投标书.pdf', '执照.pdf', 'iso.pdf', 'iso-附件.pdf', '物料清单.xlsx'])
      expect(within(bid).getByRole('button', { name: `下载 ${name}` })).toBeTruthy();
    expect(within(bid).getByText('营业执照')).toBeTruthy();
    expect(within(bid).getByText('ISO 9001')).toBeTruthy();

    const deposit = section('保证金');
    expect(deposit.getByText('银行保函')).toBeTruthy();
    expect(deposit.queryByRole('note')).toBeNull();

    const refund = section('保证金退还');
    expect(refund.getByText('请退回原账户')).toBeTruthy();
    expect(refund.getByRole('button', { name: '下载 退款凭证.pdf' })).toBeTruthy();

    expect(section('操作').getByText(zh('refundAlreadyDone'))).toBeTruthy();
    // No receipts on a record submitted before receipts were issued: no empty section.
    expect(screen.queryByRole('region', { name: '提交回执' })).toBeNull();
  });

  it('shows the receipts of what was submitted, the version that stands, and a withdrawn bid; reads the receipt keys once, for /verify offline later', async () => {
    let keysRead = 0;
    server.use(
      http.get(`${bidService}/receipt/keys`, () => {
        keysRead++;
        return ok({ keys: [] });
      }),
    );
    const receipts = [
      receiptFixture({ kind: 'deposit' }, [{ field: 'remittanceSlip.0', name: '保函.pdf', size: 100, sha256: 'a'.repeat(64) }]),
      receiptFixture({ kind: 'bid', version: 1 }),
      receiptFixture({ kind: 'bidWithdrawal', version: 1 }),
    ];
    renderDetail(
      ok(
        detail({
          status: 'depositConfirmed',
          depositConfirmed: true,
          bidVersions: [{ version: 1, submittedAt: inDays(-3), status: 'withdrawn', closedAt: inDays(-2) }],
          receipts,
        }),
      ),
    );
    const list = await screen.findByRole('region', { name: '提交回执' });
    expect(within(list).getByText('保证金缴纳')).toBeTruthy();
    expect(within(list).getByText('投标文件（第 1 版）')).toBeTruthy();
    expect(within(list).getByText('撤回投标（第 1 版）')).toBeTruthy();
    expect(section('投标文件').getByText('投标文件已撤回，可在截止时间前重新提交。')).toBeTruthy();
    await waitFor(() => expect(keysRead).toBe(1));
  });

  it("shows the bid service's E404 (unknown or another supplier's record) as a not-found state", async () => {
    renderDetail(Response.json({ code: 'E404', message: zh('dataLost'), data: null }));
    expect(await screen.findByText(zh('dataLost'))).toBeTruthy();
    expect(screen.getByText('该投标记录不存在，或不属于当前账号。')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a record it has on screen when a refresh fails, with a note, its age and a retry', async () => {
    logIn('s1');
    let answers = 0;
    server.use(
      http.post(`${bidService}/tender/getById`, () => {
        answers += 1;
        return answers === 1 ? ok(detail({ status: 'signedUp' })) : Response.error();
      }),
    );
    const { queryClient } = renderScreen(
      '/platform/tenderManagement/t1',
      () => <TenderDetailView supplierId="s1" supplierCode="SUP001" supplierStatus="A104" id="t1" />,
      ['/platform/tenderManagement', '/bidDetail/$id'],
    );
    expect(await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱年度采购 1' })).toBeTruthy();
    // Offline now: the refresh (and its retries) fail.
    await queryClient.refetchQueries({ queryKey: ['tender', 's1'] }).catch(() => undefined);
    expect(await screen.findByText(/无法刷新/, {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '瓦楞纸箱年度采购 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  }, 15_000);
});

describe('TenderDetailView: replacing and withdrawing the bid', () => {
  const SUBMITTED = (overrides: Partial<TenderRecordDetail> = {}) =>
    detail({
      status: 'bidSubmitted',
      depositConfirmed: true,
      bidVersion: 2,
      bidSubmittedAt: inDays(-1),
      bid: {
        version: 2,
        bidDocuments: [file('投标书-修订.pdf')],
        certificates: [],
        billOfMaterials: file('物料清单.xlsx'),
        submittedAt: inDays(-1),
      },
      bidVersions: [
        { version: 1, submittedAt: inDays(-2), status: 'superseded', closedAt: inDays(-1) },
        { version: 2, submittedAt: inDays(-1), status: 'standing', closedAt: null },
      ],
      ...overrides,
    });

  it('offers both while a bid stands before the cut-off, and lists every version', async () => {
    renderDetail(ok(SUBMITTED()));
    await screen.findByRole('region', { name: '操作' });
    const actions = section('操作');
    const replace = await actions.findByRole('link', { name: '替换投标文件' });
    expect(replace.getAttribute('href')).toBe('/platform/tenderManagement/t1/bid?replace=true');
    expect(actions.getByRole('button', { name: '撤回投标' }).getAttribute('aria-disabled')).toBeNull();

    const versions = within(section('投标文件').getByRole('table', { name: '投标版本' }));
    const rows = versions.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['第 1 版', '第 2 版']);
    expect(within(rows[0]!).getByText(/^已被替换（/)).toBeTruthy();
    expect(within(rows[1]!).getByText('当前有效')).toBeTruthy();
  });

  it('withdraws after a native dialog says what a withdrawal does: the version on screen waits in the outbox, said on the record, no second one', async () => {
    useNodeBlobs();
    renderDetail(ok(SUBMITTED()));
    await screen.findByRole('region', { name: '操作' });
    const user = userEvent.setup();
    await user.click(section('操作').getByRole('button', { name: '撤回投标' }));
    const ask = await screen.findByRole('dialog', { name: '撤回投标' });
    expect(ask.tagName).toBe('DIALOG');
    expect(ask.textContent).toContain(
      '撤回后，第 2 版投标文件不再有效，但会保留在记录中；已缴纳的保证金不受影响。截止时间前可重新提交投标文件。确定撤回吗？',
    );
    // Cancelled: nothing is written.
    await user.click(within(ask).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await listEntries([supplierOwner('s1')])).toHaveLength(0);

    await user.click(section('操作').getByRole('button', { name: '撤回投标' }));
    await user.click(within(await screen.findByRole('dialog', { name: '撤回投标' })).getByRole('button', { name: '撤回' }));
    await waitFor(async () => expect(await listEntries([supplierOwner('s1')])).toHaveLength(1));
    const [entry] = await listEntries([supplierOwner('s1')]);
    expect(entry).toMatchObject({
      call: 'tenderWithdrawBid',
      thread: 'tender:t1',
      payload: { tenderRecordId: 't1', supplierCode: 'SUP001', version: 2 },
      deadline: Date.parse(SUBMITTED().cutoffTime),
    });
    // The record says what waits, and offers no second change until it is sent.
    expect(await section('投标概要').findByText('撤回投标')).toBeTruthy();
    const actions = section('操作');
    await waitFor(() => expect(actions.getByRole('button', { name: '撤回投标' }).getAttribute('aria-disabled')).toBe('true'));
    expect(actions.getByRole('button', { name: '替换投标文件' }).getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers neither once the cut-off has passed', async () => {
    renderDetail(ok(SUBMITTED({ cutoffTime: inDays(-0.01) })));
    await screen.findByRole('region', { name: '操作' });
    const actions = section('操作');
    expect(await actions.findByRole('button', { name: '上传投标文件及物料清单' })).toBeTruthy();
    expect(actions.queryByRole('link', { name: '替换投标文件' })).toBeNull();
    expect(actions.queryByRole('button', { name: '替换投标文件' })).toBeNull();
    expect(actions.queryByRole('button', { name: '撤回投标' })).toBeNull();
  });

  it('says a replacement waits on the device (refused here, to mend in replace mode) and offers no second change meanwhile', async () => {
    useNodeBlobs();
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: async () => ({ quota: 1e10, usage: 0 }), persist: async () => true },
    });
    logOut();
    const refused = await queueSubmitBid({
      supplierId: 's1',
      supplierCode: 'SUP001',
      record: SUBMITTED(),
      bidDocuments: [fileOf('投标书.pdf', 100)],
      certificates: [],
      billOfMaterials: fileOf('bom.xlsx', 100),
      replacing: 1,
    });
    await patchEntry(refused.id, (e) => ({
      ...e,
      status: 'failed',
      attempts: 1,
      lastError: { code: 'E409', message: zh('bidVersionChanged'), reason: 'bidVersionChanged' },
    }));
    renderDetail(ok(SUBMITTED()));
    await screen.findByRole('region', { name: '操作' });
    const summary = section('投标概要');
    expect(await summary.findByText('替换投标文件')).toBeTruthy();
    expect(summary.getByText(`发送失败：${zh('bidVersionChanged')}`)).toBeTruthy();
    expect(summary.getByRole('link', { name: '修改后重新提交' }).getAttribute('href')).toBe(
      `/platform/tenderManagement/t1/bid?mend=${refused.id}&replace=true`,
    );
    const actions = section('操作');
    for (const name of ['替换投标文件', '撤回投标'])
      expect(actions.getByRole('button', { name }).getAttribute('aria-disabled')).toBe('true');
    expect(actions.getAllByText('该记录有尚未发送的操作，发送完成后才能继续').length).toBeGreaterThanOrEqual(2);
    Reflect.deleteProperty(navigator, 'storage');
  });
});
