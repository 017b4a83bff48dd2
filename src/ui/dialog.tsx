import { DIALOG_CLOSE_DELAY_MS } from '@contract/limits';
import { openerOf } from './last-focus';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Called to close: cancel, Esc, the close button, or DIALOG_CLOSE_DELAY_MS after a passed confirm. */
  onClose: () => void;
  /** The before-close check: the dialog closes only when it answers true. */
  onConfirm?: () => boolean | Promise<boolean>;
  /** Shows a save button (keeps the dialog open). */
  onSave?: () => void | Promise<void>;
  confirmLabel?: ReactNode;
  saveLabel?: ReactNode;
  cancelLabel?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Red confirm button, for destructive actions. */
  danger?: boolean;
  children?: ReactNode;
}

const WIDTH = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' } as const;
const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Focus back on what opened the dialog. An opener its caller disables while the question is up
 * (a busy button, enabled once the answer is handled) cannot take focus when the dialog closes:
 * it takes it when it is enabled again, unless the person has put focus somewhere meanwhile.
 */
function restoreFocus(opener: HTMLElement): void {
  if (!document.contains(opener)) return;
  opener.focus();
  if (document.activeElement === opener || !opener.matches(':disabled')) return;
  const observer = new MutationObserver(() => {
    if (opener.matches(':disabled')) return;
    observer.disconnect();
    const focused = document.activeElement;
    if (document.contains(opener) && (focused === null || focused === document.body)) opener.focus();
  });
  observer.observe(opener, { attributes: true, attributeFilter: ['disabled'] });
}

/**
 * A modal on the native <dialog> (showModal keeps focus inside and makes the page inert).
 * Esc is a cancel; focus goes back to the opener on close (SPEC.md section 4: cancel,
 * optional save, confirm with a before-close check, closing delayed 500 ms).
 */
export function Dialog({
  open,
  title,
  onClose,
  onConfirm,
  onSave,
  confirmLabel,
  saveLabel,
  cancelLabel,
  size = 'md',
  danger,
  children,
}: DialogProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState<'confirm' | 'save' | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The delayed close after a confirm calls the onClose of the latest committed render.
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    const opener = openerOf(document.activeElement);
    if (typeof el.showModal === 'function') {
      if (!el.open) el.showModal();
    } else {
      el.setAttribute('open', '');
    }
    // Start in the content (first field) rather than on the close button.
    const first = bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? el.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      clearTimeout(closeTimer.current);
      setBusy(null);
      if (typeof el.close === 'function') {
        if (el.open) el.close();
      } else {
        el.removeAttribute('open');
      }
      if (opener) restoreFocus(opener);
    };
  }, [open]);

  const cancel = () => {
    if (busy === 'confirm') return;
    onClose();
  };

  const confirm = async () => {
    if (busy) return;
    setBusy('confirm');
    let pass = false;
    try {
      pass = onConfirm ? await onConfirm() : true;
    } catch {
      pass = false;
    }
    if (!pass) {
      setBusy(null);
      return;
    }
    closeTimer.current = setTimeout(() => onCloseRef.current(), DIALOG_CLOSE_DELAY_MS);
  };

  const save = async () => {
    if (busy || !onSave) return;
    setBusy('save');
    try {
      await onSave();
    } finally {
      setBusy(null);
    }
  };

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] ${WIDTH[size]} flex-col overflow-hidden rounded-lg bg-white p-0 text-slate-800 shadow-xl open:flex`}
      onCancel={(e) => {
        e.preventDefault();
        cancel();
      }}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
        <h2 id={titleId} className="text-lg">
          {title}
        </h2>
        <button
          type="button"
          className="-m-1 cursor-pointer rounded p-1 text-slate-500 hover:text-slate-800"
          aria-label={t`关闭`}
          onClick={cancel}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </button>
      </div>
      <div ref={bodyRef} className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
        {children}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={cancel} disabled={busy === 'confirm'}>
          {cancelLabel ?? <Trans>取消</Trans>}
        </button>
        {onSave ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void save()}
            disabled={busy !== null}
            aria-busy={busy === 'save'}
          >
            {saveLabel ?? <Trans>保存</Trans>}
          </button>
        ) : null}
        <button
          type="button"
          className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
          onClick={() => void confirm()}
          disabled={busy !== null}
          aria-busy={busy === 'confirm'}
        >
          {busy === 'confirm' ? (
            <span className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" aria-hidden="true" />
          ) : null}
          {confirmLabel ?? <Trans>确定</Trans>}
        </button>
      </div>
    </dialog>
  );
}
