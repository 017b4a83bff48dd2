import { MAX_FILE_BYTES } from '@contract/limits';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { AttachmentPicker } from './attachment-picker';

function stubEstimate(quota: number, usage = 0) {
  Object.defineProperty(navigator, 'storage', { configurable: true, value: { estimate: async () => ({ quota, usage }) } });
}
afterEach(() => Reflect.deleteProperty(navigator, 'storage'));

const file = (name: string, size = 10) => {
  const f = new File(['x'], name, { type: 'application/pdf' });
  // A real 50 MB body is not needed to test the limit.
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

function Harness({ initial = [] as File[] }) {
  const [files, setFiles] = useState<File[]>(initial);
  return (
    <>
      <AttachmentPicker id="att" label="附件" value={files} onChange={setFiles} />
      <output data-testid="count">{files.length}</output>
    </>
  );
}

const input = () => screen.getByLabelText(/^附件/) as HTMLInputElement;
const count = () => screen.getByTestId('count').textContent;

describe('AttachmentPicker', () => {
  it('lists the chosen files and removes one', async () => {
    stubEstimate(1e10);
    renderWithI18n(<Harness />);
    const user = userEvent.setup();
    await user.upload(input(), [file('a.pdf', 2048), file('b.pdf')]);
    const list = await screen.findByRole('list', { name: '已选附件' });
    expect(within(list).getByText('a.pdf')).toBeTruthy();
    expect(within(list).getByText('2.0 KB')).toBeTruthy();
    expect(count()).toBe('2');
    await user.click(screen.getByRole('button', { name: '移除 a.pdf' }));
    expect(count()).toBe('1');
    expect(screen.queryByText('a.pdf')).toBeNull();
  });

  it('refuses a file over 50 MB with a message, and keeps the others', async () => {
    stubEstimate(1e10);
    renderWithI18n(<Harness />);
    await userEvent.setup().upload(input(), [file('big.zip', MAX_FILE_BYTES + 1), file('ok.pdf')]);
    expect((await screen.findByRole('alert')).textContent).toContain('文件“big.zip”超过 50MB，无法添加');
    expect(count()).toBe('1');
    expect(input().getAttribute('aria-describedby')).toContain('att-problems');
  });

  it('refuses more than 20 files at once, and more than 20 in total', async () => {
    stubEstimate(1e10);
    renderWithI18n(<Harness />);
    const user = userEvent.setup();
    await user.upload(input(), Array.from({ length: 21 }, (_, i) => file(`f${i}.pdf`)));
    expect((await screen.findByRole('alert')).textContent).toBe('一次最多选择 20 个文件');
    expect(count()).toBe('0');
    await user.upload(input(), Array.from({ length: 15 }, (_, i) => file(`g${i}.pdf`)));
    expect(count()).toBe('15');
    await user.upload(input(), Array.from({ length: 6 }, (_, i) => file(`h${i}.pdf`)));
    expect((await screen.findByRole('alert')).textContent).toBe('最多只能添加 20 个附件');
    expect(count()).toBe('15');
  });

  it('says so when the device has no room to keep the files until they are sent', async () => {
    stubEstimate(10 * 1024 * 1024, 9 * 1024 * 1024);
    renderWithI18n(<Harness />);
    await userEvent.setup().upload(input(), [file('scan.pdf', 5 * 1024 * 1024)]);
    expect((await screen.findByRole('alert')).textContent).toContain('设备存储空间不足');
    expect(count()).toBe('0');
  });
});
