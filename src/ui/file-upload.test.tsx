import type { FileRef } from '@contract/schemas/common';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { FileUpload } from './file-upload';
import { resetToasts, ToastHost } from './toast';

const uploadFile = vi.hoisted(() => vi.fn());
vi.mock('@/api/file', () => ({ uploadFile, downloadFile: vi.fn() }));

const refOf = (file: File): FileRef => ({ name: file.name, url: `/files/${file.name}`, path: `p/${file.name}` });
const fileOf = (name: string, bytes?: number) => {
  const file = new File(['x'], name);
  if (bytes !== undefined) Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

function Harness(props: { maxFiles?: number; extensions?: string[]; initial?: FileRef[]; onChange?: (files: FileRef[]) => void }) {
  const [value, setValue] = useState<FileRef[]>(props.initial ?? []);
  return (
    <>
      <FileUpload
        id="docs"
        label="投标文件"
        value={value}
        maxFiles={props.maxFiles}
        extensions={props.extensions}
        onChange={(files) => {
          props.onChange?.(files);
          setValue(files);
        }}
      />
      <ToastHost />
    </>
  );
}

const input = () => document.getElementById('docs') as HTMLInputElement;
const user = () => userEvent.setup({ applyAccept: false });

describe('<FileUpload>', () => {
  beforeEach(() => {
    uploadFile.mockReset();
    uploadFile.mockImplementation(async (file: File) => refOf(file));
  });
  afterEach(() => resetToasts());

  it('is labelled, uploads the chosen file and lists it', async () => {
    const onChange = vi.fn();
    renderWithI18n(<Harness onChange={onChange} />);
    expect(screen.getByLabelText(/投标文件/)).toBe(input());
    await user().upload(input(), fileOf('报价.pdf'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([refOf(fileOf('报价.pdf'))]));
    expect(uploadFile).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: '报价.pdf' })).toBeTruthy();
  });

  it('shows the upload in progress', async () => {
    let finish: (ref: FileRef) => void = () => {};
    uploadFile.mockImplementation(() => new Promise<FileRef>((resolve) => (finish = resolve)));
    renderWithI18n(<Harness />);
    await user().upload(input(), fileOf('a.pdf'));
    expect(screen.getByText('上传中')).toBeTruthy();
    finish(refOf(fileOf('a.pdf')));
    await waitFor(() => expect(screen.queryByText('上传中')).toBeNull());
  });

  it('refuses a file over 50 MB with a message', async () => {
    renderWithI18n(<Harness />);
    await user().upload(input(), fileOf('big.pdf', 50 * 1024 * 1024 + 1));
    expect(screen.getByText('文件“big.pdf”超过 50MB，无法上传')).toBeTruthy();
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('accepts a file of exactly 50 MB', async () => {
    renderWithI18n(<Harness />);
    await user().upload(input(), fileOf('edge.pdf', 50 * 1024 * 1024));
    expect(uploadFile).toHaveBeenCalledOnce();
  });

  it('refuses more than 20 files at once', async () => {
    renderWithI18n(<Harness maxFiles={30} />);
    await user().upload(
      input(),
      Array.from({ length: 21 }, (_, i) => fileOf(`f${i}.pdf`)),
    );
    expect(screen.getByText('一次最多选择 20 个文件')).toBeTruthy();
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('refuses a wrong extension and uploads the Excel file', async () => {
    renderWithI18n(<Harness maxFiles={5} extensions={['.xls', '.xlsx']} />);
    await user().upload(input(), [fileOf('bom.csv'), fileOf('BOM.XLSX')]);
    expect(screen.getByText('文件“bom.csv”的格式不正确，只能上传 .xls或.xlsx 文件')).toBeTruthy();
    expect(uploadFile).toHaveBeenCalledOnce();
    expect((uploadFile.mock.calls[0]![0] as File).name).toBe('BOM.XLSX');
  });

  it('respects maxFiles in total', async () => {
    renderWithI18n(<Harness maxFiles={2} initial={[refOf(fileOf('one.pdf'))]} />);
    await user().upload(input(), [fileOf('two.pdf'), fileOf('three.pdf')]);
    expect(screen.getByText('最多只能上传 2 个文件')).toBeTruthy();
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('with one file allowed, a new choice replaces the old', async () => {
    const onChange = vi.fn();
    renderWithI18n(<Harness onChange={onChange} initial={[refOf(fileOf('old.xls'))]} />);
    await user().upload(input(), fileOf('new.xls'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([refOf(fileOf('new.xls'))]));
  });

  it('keeps every file when several uploads finish before a re-render', async () => {
    // Both uploads answer in the same tick: the second must build on the first's list, not on the rendered one.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    uploadFile.mockImplementation(async (file: File) => {
      await answered;
      return refOf(file);
    });
    const onChange = vi.fn();
    renderWithI18n(<Harness maxFiles={3} onChange={onChange} initial={[refOf(fileOf('a.pdf'))]} />);
    await user().upload(input(), [fileOf('b.pdf'), fileOf('c.pdf')]);
    answer();
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    expect(onChange).toHaveBeenLastCalledWith([refOf(fileOf('a.pdf')), refOf(fileOf('b.pdf')), refOf(fileOf('c.pdf'))]);
    expect(screen.getByRole('button', { name: 'c.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'a.pdf' })).toBeTruthy();
  });

  it('removes a listed file', async () => {
    const onChange = vi.fn();
    renderWithI18n(<Harness maxFiles={3} onChange={onChange} initial={[refOf(fileOf('a.pdf')), refOf(fileOf('b.pdf'))]} />);
    await user().click(screen.getByRole('button', { name: '移除 a.pdf' }));
    expect(onChange).toHaveBeenCalledWith([refOf(fileOf('b.pdf'))]);
  });

  it('keeps a failed upload listed with a retry', async () => {
    uploadFile.mockRejectedValueOnce(new Error('offline'));
    const onChange = vi.fn();
    renderWithI18n(<Harness onChange={onChange} />);
    await user().upload(input(), fileOf('r.pdf'));
    await screen.findByText('上传失败');
    await user().click(screen.getByRole('button', { name: '重试上传 r.pdf' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([refOf(fileOf('r.pdf'))]));
  });
});
