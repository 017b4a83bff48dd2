import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ConfirmHost } from './confirm';

type ToastKind = 'success' | 'error' | 'warning' | 'info';

interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
  /** Toasts of one key show one at a time: a new one replaces the one still on screen. */
  key: string;
}

export interface ToastOptions {
  /**
   * Replaces the toast of this key still on screen (a progress toast by its outcome). By default a
   * toast's key is its kind and text: the same failure again replaces itself instead of piling up.
   */
  key?: string;
}

interface AlertItem {
  id: number;
  title: string;
  message: string;
  resolve: () => void;
}

interface State {
  toasts: ToastItem[];
  alerts: AlertItem[];
}

/** Errors stay longer: they usually need reading. */
const DURATION_MS: Record<ToastKind, number> = { success: 3000, info: 4000, warning: 5000, error: 6000 };
/** Parallel calls failing the same way (an expired token) would otherwise stack identical toasts. */
const DEDUPE_MS = 1500;

let state: State = { toasts: [], alerts: [] };
let nextId = 1;
const recent = new Map<string, number>();
const listeners = new Set<() => void>();

function setState(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

function push(kind: ToastKind, text: string, options: ToastOptions = {}): void {
  if (!text) return;
  const same = `${kind}:${text}`;
  const now = Date.now();
  const last = recent.get(same);
  if (last !== undefined && now - last < DEDUPE_MS) return;
  recent.set(same, now);
  const key = options.key ?? same;
  const item = { id: nextId++, kind, text, key };
  setState({ ...state, toasts: [...state.toasts.filter((t) => t.key !== key && `${t.kind}:${t.text}` !== same), item] });
  setTimeout(() => dismissToast(item.id), DURATION_MS[kind]);
}

function dismissToast(id: number): void {
  if (!state.toasts.some((t) => t.id === id)) return;
  setState({ ...state, toasts: state.toasts.filter((t) => t.id !== id) });
}

export const toast = {
  success: (text: string, options?: ToastOptions) => push('success', text, options),
  error: (text: string, options?: ToastOptions) => push('error', text, options),
  warning: (text: string, options?: ToastOptions) => push('warning', text, options),
  info: (text: string, options?: ToastOptions) => push('info', text, options),
};

/** A modal alert with one OK button; resolves when it is dismissed. The same alert already waiting is not queued twice. */
export function showAlert({ title, message }: { title: string; message: string }): Promise<void> {
  const waiting = state.alerts.find((a) => a.title === title && a.message === message);
  if (waiting) {
    return new Promise((resolve) => {
      const previous = waiting.resolve;
      waiting.resolve = () => {
        previous();
        resolve();
      };
    });
  }
  return new Promise((resolve) => {
    setState({ ...state, alerts: [...state.alerts, { id: nextId++, title, message, resolve }] });
  });
}

function closeAlert(id: number): void {
  const alert = state.alerts.find((a) => a.id === id);
  if (!alert) return;
  setState({ ...state, alerts: state.alerts.filter((a) => a.id !== id) });
  alert.resolve();
}

/** Test helper: forget every toast and alert. */
export function resetToasts(): void {
  recent.clear();
  for (const a of state.alerts) a.resolve();
  setState({ toasts: [], alerts: [] });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

const STYLE: Record<ToastKind, string> = {
  success: 'border-brand-600 bg-white text-slate-800',
  info: 'border-sky-600 bg-white text-slate-800',
  warning: 'border-amber-500 bg-amber-50 text-amber-950',
  error: 'border-red-600 bg-red-50 text-red-950',
};

function ToastIcon({ kind }: { kind: ToastKind }) {
  const common = { width: 20, height: 20, viewBox: '0 0 20 20', 'aria-hidden': true, className: 'mt-0.5 shrink-0' } as const;
  if (kind === 'success')
    return (
      <svg {...common} className={`${common.className} text-brand-600`} fill="currentColor">
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.75.75 0 0 0-1.22-.88l-3.3 4.57-1.86-1.86a.75.75 0 1 0-1.06 1.06l2.5 2.5a.75.75 0 0 0 1.14-.09l3.8-5.3Z"
        />
      </svg>
    );
  if (kind === 'info')
    return (
      <svg {...common} className={`${common.className} text-sky-600`} fill="currentColor">
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.25v3a.75.75 0 0 0 1.5 0V9.75A.75.75 0 0 0 10 9H9Z"
        />
      </svg>
    );
  return (
    <svg {...common} className={`${common.className} ${kind === 'error' ? 'text-red-600' : 'text-amber-600'}`} fill="currentColor">
      <path
        fillRule="evenodd"
        d="M8.49 2.9c.66-1.2 2.36-1.2 3.02 0l6.28 11.36c.63 1.15-.2 2.56-1.51 2.56H3.72c-1.31 0-2.14-1.41-1.51-2.56L8.49 2.9ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
      />
    </svg>
  );
}

function ToastList({ items }: { items: ToastItem[] }) {
  const { t } = useLingui();
  return items.map((item) => (
    <div
      key={item.id}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 px-4 py-3 text-sm shadow-lg ring-1 ring-slate-900/5 ${STYLE[item.kind]}`}
    >
      <ToastIcon kind={item.kind} />
      <p className="min-w-0 flex-1 break-words">{item.text}</p>
      <button
        type="button"
        className="-m-1 shrink-0 cursor-pointer rounded p-1 text-slate-500 hover:text-slate-800"
        aria-label={t`关闭提示`}
        onClick={() => dismissToast(item.id)}
      >
        <svg width="16" height="16" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </div>
  ));
}

function AlertDialog({ alert }: { alert: AlertItem }) {
  const ref = useRef<HTMLDialogElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const opener = document.activeElement as HTMLElement | null;
    if (typeof el.showModal === 'function') el.showModal();
    else el.setAttribute('open', '');
    okRef.current?.focus();
    return () => {
      if (typeof el.close === 'function' && el.open) el.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`alert-${alert.id}-title`}
      aria-describedby={`alert-${alert.id}-message`}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-lg bg-white p-0 shadow-xl"
      onCancel={(e) => {
        e.preventDefault();
        closeAlert(alert.id);
      }}
    >
      <div className="flex gap-3 p-5">
        <ToastIcon kind="error" />
        <div className="min-w-0">
          <h2 id={`alert-${alert.id}-title`} className="text-base">
            {alert.title}
          </h2>
          <p id={`alert-${alert.id}-message`} className="mt-2 text-sm text-slate-600">
            {alert.message}
          </p>
        </div>
      </div>
      <div className="flex justify-end border-t border-slate-100 px-5 py-3">
        <button ref={okRef} type="button" className="btn btn-primary" onClick={() => closeAlert(alert.id)}>
          <Trans>确定</Trans>
        </button>
      </div>
    </dialog>
  );
}

/** Renders toasts, the current alert and confirmations; mounted once by the root route. */
export function ToastHost() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const polite = current.toasts.filter((t) => t.kind === 'success' || t.kind === 'info');
  const assertive = current.toasts.filter((t) => t.kind === 'error' || t.kind === 'warning');
  const alert = current.alerts[0];
  return (
    <>
      <div className="pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2 px-3 sm:top-20 sm:right-4 sm:left-auto sm:w-96 sm:items-end sm:px-0">
        <div aria-live="assertive" aria-atomic="false" className="flex w-full flex-col gap-2">
          <ToastList items={assertive} />
        </div>
        <div aria-live="polite" aria-atomic="false" className="flex w-full flex-col gap-2">
          <ToastList items={polite} />
        </div>
      </div>
      {alert ? <AlertDialog key={alert.id} alert={alert} /> : null}
      <ConfirmHost />
    </>
  );
}
