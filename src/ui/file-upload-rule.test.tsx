import type { FileRef } from '@contract/schemas/common';
import { UPLOAD_RULES } from '@contract/upload-rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNodeBlobs } from '@/offline/test-helpers';
import { renderWithI18n } from '@/test/render';
import { FileUpload } from './file-upload';
import { resetToasts, ToastHost } from './toast';

const uploadFile = vi.hoisted(() => vi.fn());
vi.mock('@/api/file', () => ({ uploadFile, downloadFile: vi.fn() }));

function Licence() {
  const [value, setValue] = useState<FileRef[]>([]);
  return (
    <>
      <FileUpload id="licence" label="营业执照" rule={UPLOAD_RULES.businessLicense} value={value} onChange={setValue} />
      <ToastHost />
    </>
  );
}

const input = () => document.getElementById('licence') as HTMLInputElement;

describe('<FileUpload> with a rule of kinds (the business licence: an image or a PDF)', () => {
  beforeEach(() => {
    // Node's File has arrayBuffer(), which the content check reads.
    useNodeBlobs();
    uploadFile.mockReset();
    uploadFile.mockImplementation(async (file: File) => ({ name: file.name, url: `/files/${file.name}`, path: `p/${file.name}` }));
  });
  afterEach(() => {
    resetToasts();
    vi.unstubAllGlobals();
  });

  it('offers images and PDFs in the chooser', () => {
    renderWithI18n(<Licence />);
    expect(input().accept).toBe(UPLOAD_RULES.businessLicense.accept);
  });

  it('refuses a file of another kind by its content, a text renamed .pdf too, and uploads nothing', async () => {
    renderWithI18n(<Licence />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input(), new File(['营业执照'], '执照.txt', { type: 'text/plain' }));
    expect(await screen.findByText('文件“执照.txt”无法上传：营业执照须为图片或 PDF 文件')).toBeTruthy();
    await user.upload(input(), new File(['not a pdf'], '执照.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('文件“执照.pdf”无法上传：营业执照须为图片或 PDF 文件')).toBeTruthy();
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('uploads a PDF and an image by their content', async () => {
    renderWithI18n(<Licence />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input(), new File(['%PDF-1.4 licence'], '执照.pdf'));
    await waitFor(() => expect(uploadFile).toHaveBeenCalledOnce());
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    await user.upload(input(), new File([png], '执照.png'));
    await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(2));
  });
});
