import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { receiptFixture } from '@/test/fixtures';
import { renderWithI18n } from '@/test/render';
import { ReceiptList } from './receipt-list';

const slip = {
  field: 'remittanceSlip.0',
  name: '汇款凭证.pdf',
  size: 52_311,
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
};

describe('ReceiptList', () => {
  it('says what the buyer received and when, with the version or round, each file with its SHA-256, and the receipt to copy', async () => {
    const deposit = receiptFixture({ kind: 'deposit' }, [slip]);
    renderWithI18n(
      <ReceiptList
        receipts={[
          deposit,
          receiptFixture({ kind: 'bid', version: 2, receivedAt: '2026-11-21T01:00:00.000Z' }),
          receiptFixture({ kind: 'quote', round: 3 }),
        ]}
      />,
    );
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

  it('shows nothing for no receipts, and skips one that is not a receipt', () => {
    const { container } = renderWithI18n(<ReceiptList receipts={[]} />);
    expect(container.textContent).toBe('');
    renderWithI18n(<ReceiptList receipts={[{ jws: 'not.a.receipt', files: [] }]} />);
    expect(screen.queryByText('回执编码')).toBeNull();
  });
});
