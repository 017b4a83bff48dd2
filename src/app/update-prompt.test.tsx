import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnsaved } from '@/offline/unsaved';
import { renderWithI18n } from '@/test/render';
import { ToastHost } from '@/ui/toast';
import UpdatePrompt from './update-prompt';

const pwa = vi.hoisted(() => ({ applyUpdate: vi.fn(), state: { updateWaiting: true, canInstall: false, installed: false } }));
vi.mock('./pwa', () => ({ applyUpdate: pwa.applyUpdate, usePwaState: () => pwa.state }));

afterEach(() => {
  pwa.applyUpdate.mockReset();
  setUnsaved('reply', false);
});

const show = () =>
  renderWithI18n(
    <>
      <UpdatePrompt />
      <ToastHost />
    </>,
  );

describe('UpdatePrompt', () => {
  it('offers the new version politely and updates on the word', async () => {
    show();
    expect(screen.getByRole('status', { name: '有新版本可用' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '立即更新' }));
    });
    expect(pwa.applyUpdate).toHaveBeenCalledOnce();
  });

  it('"later" puts it away without updating', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: '稍后' }));
    expect(screen.queryByText('有新版本可用')).toBeNull();
    expect(pwa.applyUpdate).not.toHaveBeenCalled();
  });

  it('asks first when a form holds unsaved input, and keeps the old version on "no"', async () => {
    setUnsaved('reply', true);
    show();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '立即更新' }));
    });
    // The confirmation dialog loads on first use (a chunk of its own): wait for its button, not a fixed moment.
    const keep = await screen.findByRole('button', { name: '暂不更新' }, { timeout: 5000 });
    expect(screen.getByText('有未保存的内容')).toBeTruthy();
    await act(async () => {
      fireEvent.click(keep);
    });
    expect(pwa.applyUpdate).not.toHaveBeenCalled();
    // The kept-back confirmation closes (after its delay) before the second ask.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '立即更新' }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: '仍然更新' }, { timeout: 5000 }));
    });
    expect(pwa.applyUpdate).toHaveBeenCalledOnce();
  });
});
