import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '@/api/file';
import { BlobDownloadButton } from './blob-download-button';
import { toast } from './toast';

const createObjectURL = vi.fn((_blob: Blob) => 'blob:x');
const revokeObjectURL = vi.fn();
const clicked: { href: string; download: string; attached: boolean }[] = [];

beforeEach(() => {
  // jsdom has no object URLs, and following a link is not implemented.
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  clicked.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download, attached: this.isConnected });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('saveBlob', () => {
  it('clicks an <a download> on an object URL, removes it, and revokes the URL after 30 s', () => {
    vi.useFakeTimers();
    const blob = new Blob(['abc']);
    saveBlob(blob, '报价单.pdf');
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:x', download: '报价单.pdf', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    vi.advanceTimersByTime(29_000);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:x');
  });
});

describe('BlobDownloadButton', () => {
  const renderButton = (load: () => Promise<Blob | null>) =>
    render(
      <I18nProvider i18n={i18n}>
        <BlobDownloadButton name="图纸.pdf" load={load} missingText="附件已不在本设备上" />
      </I18nProvider>,
    );

  it('reads the bytes on click and saves them under the name', async () => {
    const blob = new Blob(['x']);
    const load = vi.fn(async () => blob);
    renderButton(load);
    await userEvent.click(screen.getByRole('button', { name: '下载 图纸.pdf' }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(clicked.map((c) => c.download)).toEqual(['图纸.pdf']);
  });

  it('says so when the bytes are gone, and when reading fails', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const gone = renderButton(async () => null);
    await userEvent.click(screen.getByRole('button', { name: '下载 图纸.pdf' }));
    expect(error).toHaveBeenCalledWith('附件已不在本设备上');
    gone.unmount();
    renderButton(async () => Promise.reject(new Error('idb')));
    await userEvent.click(screen.getByRole('button', { name: '下载 图纸.pdf' }));
    expect(error).toHaveBeenLastCalledWith('文件下载失败');
    expect(clicked).toEqual([]);
  });
});
