import { readClaims } from '@contract/receipt-claims';
import type { Receipt } from '@contract/schemas/receipt';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { keptReceipts } from '@/offline/receipts';
import { logIn, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { receiptFixture } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { ReceiptList } from './receipt-list';

const renderList = (receipts: Receipt[]) => renderScreen('/record', () => <ReceiptList receipts={receipts} />, ['/verify']);

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await resetPortalDb();
});

const slip = {
  field: 'remittanceSlip.0',
  name: '汇款凭证.pdf',
  size: 52_311,
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
};

describe('ReceiptList', () => {
  it('says what the buyer received and when, with the version or round, each file with its SHA-256, and the receipt to copy', async () => {
    const deposit = receiptFixture({ kind: 'deposit' }, [slip]);
    renderList([
      deposit,
      receiptFixture({ kind: 'bid', version: 2, receivedAt: '2026-11-21T01:00:00.000Z' }),
      receiptFixture({ kind: 'quote', round: 3 }),
    ]);
    await screen.findByText('保证金缴纳');
    const [first, second, third] = screen.getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL');
    expect(within(first!).getByText('保证金缴纳')).toBeTruthy();
    expect(first!.textContent).toContain('采购方已于 2026-11-20 10:30:00 收到');
    expect(within(first!).getByText(/汇款凭证\.pdf/)).toBeTruthy();
    expect(within(first!).getByTitle(slip.sha256).textContent).toBe('SHA-256 9f86d081884c…');
    expect(second!.textContent).toContain('投标文件（第 2 版）');
    expect(third!.textContent).toContain('报价（第 3 轮）');

    await userEvent.click(within(first!).getByText('回执编码'));
    expect((within(first!).getByLabelText(/由采购方系统签名的回执/) as HTMLTextAreaElement).value).toBe(deposit.jws);
  });

  it('shows nothing for no receipts, and skips one that is not a receipt', async () => {
    renderList([{ jws: 'not.a.receipt', files: [] }]);
    await waitFor(() => expect(screen.getByRole('list')).toBeTruthy());
    expect(screen.queryByText('回执编码')).toBeNull();
  });

  it('prints one receipt on its own sheet: what, when, each whole SHA-256 and a QR of its /verify link; the sheet goes after printing', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const deposit = receiptFixture({ kind: 'deposit' }, [slip]);
    renderList([deposit]);
    await userEvent.click(await screen.findByRole('button', { name: '打印回执' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.documentElement.classList.contains('printing-receipt')).toBe(true);
    const sheet = document.querySelector<HTMLElement>('body > .receipt-sheet')!;
    expect(sheet.textContent).toContain('提交回执');
    expect(sheet.textContent).toContain('ZB2026110001');
    expect(sheet.textContent).toContain(slip.sha256);
    expect(sheet.textContent).toContain(deposit.jws);
    expect(within(sheet).getByTestId('receipt-qr').getAttribute('aria-label')).toBe('回执二维码');
    fireEvent(window, new Event('afterprint'));
    await waitFor(() => expect(document.querySelector('.receipt-sheet')).toBeNull());
    expect(document.documentElement.classList.contains('printing-receipt')).toBe(false);
  });

  it('downloads the receipt as a file with its list of files, and links to /verify with it', async () => {
    useNodeBlobs();
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (saved.push(blob as Blob), 'blob:receipt'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const deposit = receiptFixture({ kind: 'deposit' }, [slip]);
    renderList([deposit]);
    await userEvent.click(await screen.findByRole('button', { name: '下载回执文件' }));
    expect(JSON.parse(await saved[0]!.text())).toEqual({ jws: deposit.jws, files: [slip] });
    expect(screen.getByRole('link', { name: '核验回执' }).getAttribute('href')).toBe(`/verify#${deposit.jws}`);
  });

  it("keeps what it shows on the device for the logged-in supplier, where the record's cache no longer needs to be", async () => {
    logIn('s104');
    const deposit = receiptFixture({ kind: 'deposit' }, [slip]);
    renderList([deposit]);
    await waitFor(async () =>
      expect((await keptReceipts(supplierOwner('s104'))).map((k) => readClaims(k.receipt.jws)?.kind)).toEqual(['deposit']),
    );
  });
});
