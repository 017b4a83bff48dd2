import type { PendingConfirm } from './confirm';
import { Dialog } from './dialog';

/** One confirmation on screen (see `confirmDialog`). */
export default function ConfirmView({ pending, onCancel }: { pending: PendingConfirm; onCancel: () => void }) {
  return (
    <Dialog
      open
      size="sm"
      title={pending.title}
      danger={pending.danger}
      confirmLabel={pending.confirmLabel}
      cancelLabel={pending.cancelLabel}
      // The answer is known at once; the dialog itself still closes after the usual delay.
      onConfirm={() => {
        pending.resolve(true);
        return true;
      }}
      onClose={onCancel}
    >
      <p className="text-sm text-slate-600">{pending.message}</p>
    </Dialog>
  );
}
