import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithI18n } from '@/test/render';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';
import { followFocus } from './last-focus';

function Harness({ onConfirm, onClose }: { onConfirm?: () => boolean | Promise<boolean>; onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <Dialog
        open={open}
        title="支付保证金"
        onConfirm={onConfirm}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <label htmlFor="amount">金额</label>
        <input id="amount" />
      </Dialog>
    </>
  );
}

const confirmButton = () => screen.getByRole('button', { name: '确定' });
const dialogOpen = () => screen.queryByText('支付保证金') !== null;

describe('<Dialog>', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('puts focus inside, on the first field', () => {
    renderWithI18n(<Harness />);
    expect(document.activeElement).toBe(screen.getByLabelText('金额'));
  });

  it('closes only after a passing before-close check, 500 ms later', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn(() => true);
    renderWithI18n(<Harness onConfirm={onConfirm} onClose={onClose} />);
    await act(async () => {
      fireEvent.click(confirmButton());
    });
    expect(onConfirm).toHaveBeenCalledOnce();
    // Busy and still open during the delay.
    expect(confirmButton()).toHaveProperty('disabled', true);
    act(() => void vi.advanceTimersByTime(499));
    expect(onClose).not.toHaveBeenCalled();
    expect(dialogOpen()).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledOnce();
    expect(dialogOpen()).toBe(false);
  });

  it('gives focus back to its opener when closed with Esc, once an opener disabled while it was up is enabled again', async () => {
    // As the logout button is: busy from its click until the answer has been handled, after the dialog closed.
    function Busy() {
      const [open, setOpen] = useState(false);
      const [busy, setBusy] = useState(false);
      const close = () => {
        setOpen(false);
        setTimeout(() => setBusy(false), 10);
      };
      return (
        <>
          <button
            type="button"
            disabled={busy}
            onClick={(event) => {
              setBusy(true);
              setOpen(true);
              // A browser moves focus off a control that becomes disabled, before the dialog is up: jsdom does not.
              event.currentTarget.blur();
            }}
          >
            退出登录
          </button>
          <Dialog open={open} title="确认" onClose={close}>
            <input aria-label="x" />
          </Dialog>
        </>
      );
    }
    followFocus();
    renderWithI18n(<Busy />);
    const opener = screen.getByRole('button', { name: '退出登录' });
    opener.focus();
    fireEvent.click(opener);
    expect(opener).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(screen.getByLabelText('x'));
    // Esc: the browser's cancel event on the dialog.
    await act(async () => {
      fireEvent(document.querySelector('dialog')!, new Event('cancel', { cancelable: true }));
    });
    expect(document.querySelector('dialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(opener).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(opener);
  });

  it('the delayed close calls the onClose of the latest render', async () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = renderWithI18n(<Dialog open title="t" onClose={first} />);
    await act(async () => {
      fireEvent.click(confirmButton());
    });
    rerender(<Dialog open title="t" onClose={latest} />);
    act(() => void vi.advanceTimersByTime(500));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledOnce();
  });

  it('stays open when the check fails, and the button works again', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn(async () => false);
    renderWithI18n(<Harness onConfirm={onConfirm} onClose={onClose} />);
    await act(async () => {
      fireEvent.click(confirmButton());
    });
    act(() => void vi.advanceTimersByTime(2000));
    expect(onClose).not.toHaveBeenCalled();
    expect(dialogOpen()).toBe(true);
    expect(confirmButton()).toHaveProperty('disabled', false);
  });

  it('cancel closes at once without running the check', () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn(() => true);
    renderWithI18n(<Harness onConfirm={onConfirm} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(dialogOpen()).toBe(false);
  });

  it('Esc (the dialog cancel event) closes', () => {
    const onClose = vi.fn();
    renderWithI18n(<Harness onClose={onClose} />);
    fireEvent(document.querySelector('dialog')!, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows a save button only with onSave, and saving keeps it open', async () => {
    const onSave = vi.fn();
    const { rerender } = renderWithI18n(<Dialog open title="t" onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    rerender(<Dialog open title="t" onClose={() => {}} onSave={onSave} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    expect(onSave).toHaveBeenCalledOnce();
    expect(screen.getByText('t')).toBeTruthy();
  });
});
