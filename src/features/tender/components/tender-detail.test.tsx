import { message } from '@/locales/wire';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logIn, resetPortalDb } from '@/offline/test-helpers';
import { bidService, ok, receiptFixture } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { detail, file, inDays } from '../test/fixtures';
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

  it('shows the receipts of what was submitted, the version that stands, and a withdrawn bid', async () => {
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
