import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MAX_FILE_BYTES } from '@contract/limits';
import { message } from '@/locales/wire';
import { UPLOAD_RULES, type UploadRule } from '@contract/upload-rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNodeBlobs } from '@/offline/test-helpers';
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

  it('keeps both of two choices made before a re-render', async () => {
    stubEstimate(1e10);
    renderWithI18n(<Harness initial={[file('a.pdf')]} />);
    // Two change events in one go: each check runs while the other's result is not rendered yet.
    fireEvent.change(input(), { target: { files: [file('b.pdf')] } });
    fireEvent.change(input(), { target: { files: [file('c.pdf')] } });
    await waitFor(() => expect(count()).toBe('3'));
    const list = screen.getByRole('list', { name: '已选附件' });
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) expect(within(list).getByText(name)).toBeTruthy();
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
    await user.upload(
      input(),
      Array.from({ length: 21 }, (_, i) => file(`f${i}.pdf`)),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('一次最多选择 20 个文件');
    expect(count()).toBe('0');
    await user.upload(
      input(),
      Array.from({ length: 15 }, (_, i) => file(`g${i}.pdf`)),
    );
    expect(count()).toBe('15');
    await user.upload(
      input(),
      Array.from({ length: 6 }, (_, i) => file(`h${i}.pdf`)),
    );
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

// The shared workbooks of tests/fixtures (vitest runs from the project root).
const fixture = (name: string) => readFileSync(resolve('tests/fixtures', name));

function RuleHarness({ rule, transform, camera }: { rule: UploadRule; transform?: (file: File) => Promise<File>; camera?: boolean }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <>
      <AttachmentPicker id="bom" label="物料清单" rule={rule} value={files} onChange={setFiles} transform={transform} camera={camera} />
      <output data-testid="names">{files.map((f) => `${f.name}:${f.size}`).join(',')}</output>
    </>
  );
}

const names = () => screen.getByTestId('names').textContent;
const bomInput = () => document.getElementById('bom') as HTMLInputElement;

describe('AttachmentPicker with an upload rule', () => {
  beforeEach(() => {
    // Node's File has arrayBuffer(), which the content check reads.
    useNodeBlobs();
    stubEstimate(1e10);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("puts the rule's accept on the chooser and takes one file for a one-file field", () => {
    renderWithI18n(<RuleHarness rule={UPLOAD_RULES.billOfMaterials} />);
    expect(bomInput().getAttribute('accept')).toBe(UPLOAD_RULES.billOfMaterials.accept);
    expect(bomInput().multiple).toBe(false);
    expect(screen.getByText('单个文件不超过 50MB，限 1 个')).toBeTruthy();
  });

  it('checks the content, not the name: a PDF renamed .xlsx is refused as a non-Excel file', async () => {
    renderWithI18n(<RuleHarness rule={UPLOAD_RULES.billOfMaterials} />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(bomInput(), new File(['%PDF-1.7\n1 0 obj\n'], '物料清单.xlsx'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('物料清单.xlsx');
    expect(alert.textContent).toContain(message('nonExcel', 'zh-CN'));
    expect(names()).toBe('');
    await user.upload(bomInput(), new File([fixture('bom.xlsx')], 'bom.xlsx'));
    await waitFor(() => expect(names()).toBe(`bom.xlsx:${fixture('bom.xlsx').length}`));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a second bill of materials with its own message instead of replacing the first', async () => {
    renderWithI18n(<RuleHarness rule={UPLOAD_RULES.billOfMaterials} />);
    const user = userEvent.setup();
    await user.upload(bomInput(), new File([fixture('bom.xlsx')], 'first.xlsx'));
    await waitFor(() => expect(names()).toContain('first.xlsx'));
    await user.upload(bomInput(), new File([fixture('bom.xls')], 'second.xls'));
    expect((await screen.findByRole('alert')).textContent).toBe(message('moreThanOneBom', 'zh-CN'));
    expect(names()).toBe(`first.xlsx:${fixture('bom.xlsx').length}`);
  });

  it('refuses more than 20 files at once whatever the rule', async () => {
    renderWithI18n(<RuleHarness rule={UPLOAD_RULES.bidDocuments} />);
    await userEvent.setup().upload(
      bomInput(),
      Array.from({ length: 21 }, (_, i) => new File(['x'], `f${i}.pdf`)),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('一次最多选择 20 个文件');
    expect(names()).toBe('');
  });

  it('offers the camera beside the chooser, and keeps what the transform made of a photo', async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    const transform = vi.fn(async (file: File) => new File([jpeg], file.name.replace(/\.\w+$/, '.jpg'), { type: 'image/jpeg' }));
    renderWithI18n(<RuleHarness rule={UPLOAD_RULES.remittanceSlip} transform={transform} camera />);
    const camera = document.getElementById('bom-camera') as HTMLInputElement;
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(screen.getByLabelText(/^物料清单 拍照/)).toBe(camera);
    await userEvent
      .setup()
      .upload(
        camera,
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], 'IMG_1.png', { type: 'image/png' }),
      );
    await waitFor(() => expect(names()).toBe('IMG_1.jpg:6'));
    expect(transform).toHaveBeenCalledOnce();
  });

  it('refuses a slip that is neither an image nor a PDF', async () => {
    renderWithI18n(<RuleHarness rule={UPLOAD_RULES.remittanceSlip} />);
    await userEvent.setup({ applyAccept: false }).upload(bomInput(), new File(['hello'], 'note.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message('slipTypeInvalid', 'zh-CN'));
  });
});
