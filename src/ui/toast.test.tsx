import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { confirmDialog } from './confirm';
import { resetToasts, showAlert, toast, ToastHost } from './toast';

afterEach(() => resetToasts());

describe('toast, alert and confirm', () => {
  it('shows toasts in live regions, errors assertively, and drops an immediate duplicate', () => {
    renderWithI18n(<ToastHost />);
    act(() => {
      toast.error('保存失败');
      toast.error('保存失败');
      toast.success('保存成功');
    });
    expect(screen.getAllByText('保存失败')).toHaveLength(1);
    expect(screen.getByText('保存失败').closest('[aria-live]')?.getAttribute('aria-live')).toBe('assertive');
    expect(screen.getByText('保存成功').closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
  });

  it('the same failure again replaces its toast instead of piling up, however late it comes', () => {
    vi.useFakeTimers();
    try {
      renderWithI18n(<ToastHost />);
      act(() => toast.error('提交失败'));
      act(() => void vi.advanceTimersByTime(2000));
      act(() => toast.error('提交失败'));
      act(() => void vi.advanceTimersByTime(2000));
      act(() => toast.error('提交失败'));
      expect(screen.getAllByText('提交失败')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a progress toast is replaced by its outcome (one key), while other toasts stay', () => {
    renderWithI18n(<ToastHost />);
    act(() => {
      toast.warning('另一条提示');
      toast.info('发送中…', { key: 'outbox' });
    });
    act(() => toast.success('发送成功', { key: 'outbox' }));
    expect(screen.queryByText('发送中…')).toBeNull();
    expect(screen.getByText('发送成功')).toBeTruthy();
    expect(screen.getByText('另一条提示')).toBeTruthy();
  });

  it('showAlert resolves when OK is pressed', async () => {
    renderWithI18n(<ToastHost />);
    let done = false;
    act(() => {
      void showAlert({ title: '502', message: '网络请求异常，请联系管理员' }).then(() => (done = true));
    });
    expect(screen.getByRole('alertdialog', { hidden: true })).toBeTruthy();
    expect(screen.getByText('502')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '确定', hidden: true }));
    });
    expect(done).toBe(true);
    expect(screen.queryByText('502')).toBeNull();
  });

  it('confirmDialog answers true on confirm and false on cancel', async () => {
    renderWithI18n(<ToastHost />);
    let answer: boolean | undefined;
    act(() => {
      void confirmDialog({ title: '退出登录', message: '确定要退出登录吗？' }).then((ok) => (answer = ok));
    });
    // The dialog's code loads on the first confirmation.
    const ok = await screen.findByRole('button', { name: '确定' });
    await act(async () => {
      fireEvent.click(ok);
    });
    expect(answer).toBe(true);
    // The confirmed dialog closes after its delay (waited for, not slept through); then the next one shows.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => {
      void confirmDialog({ title: '清空', message: '确定清空？' }).then((ok) => (answer = ok));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    });
    expect(answer).toBe(false);
  });
});
