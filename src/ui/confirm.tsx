import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

export interface PendingConfirm extends ConfirmOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

let queue: PendingConfirm[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Imperative confirmation (logout, submit, clear a form): resolves true on confirm, false on cancel or Esc. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    queue = [...queue, { ...options, id: nextId++, resolve }];
    emit();
  });
}

function settle(id: number, ok: boolean): void {
  const item = queue.find((p) => p.id === id);
  if (!item) return;
  queue = queue.filter((p) => p.id !== id);
  item.resolve(ok);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => queue;

/** The dialog's code loads on the first confirmation, not with every screen. */
const ConfirmView = lazy(() => import('./confirm-view'));

/** Rendered by ToastHost. */
export function ConfirmHost() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot)[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmView key={current.id} pending={current} onCancel={() => settle(current.id, false)} />
    </Suspense>
  );
}
