import { useSyncExternalStore, type ReactNode } from 'react';
import { Dialog } from './dialog';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

let queue: Pending[] = [];
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

/** Rendered by ToastHost. */
export function ConfirmHost() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot)[0];
  if (!current) return null;
  return (
    <Dialog
      key={current.id}
      open
      size="sm"
      title={current.title}
      danger={current.danger}
      confirmLabel={current.confirmLabel}
      cancelLabel={current.cancelLabel}
      // The answer is known at once; the dialog itself still closes after the usual delay.
      onConfirm={() => {
        current.resolve(true);
        return true;
      }}
      onClose={() => settle(current.id, false)}
    >
      <p className="text-sm text-slate-600">{current.message}</p>
    </Dialog>
  );
}
