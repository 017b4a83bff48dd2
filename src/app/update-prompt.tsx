import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { hasUnsavedWork } from '@/offline/unsaved';
import { confirmDialog } from '@/ui/confirm';
import { applyUpdate, usePwaState } from './pwa';

/**
 * "A new version is available": offered, never forced (DESIGN.md section 4). Updating reloads
 * the page, so with unsaved input on screen it asks first; "later" keeps the old version until
 * every tab is closed, when the browser switches by itself. Loaded only when a version waits
 * (UpdateOffer in update-offer.tsx), so the first load does not carry it.
 */
export default function UpdatePrompt() {
  const { t } = useLingui();
  const { updateWaiting } = usePwaState();
  const [later, setLater] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!updateWaiting || later) return null;

  const update = async () => {
    if (hasUnsavedWork()) {
      const ok = await confirmDialog({
        title: t`有未保存的内容`,
        message: t`更新会重新加载页面，当前填写但尚未提交的内容可能丢失。确定现在更新吗？`,
        confirmLabel: t`仍然更新`,
        cancelLabel: t`暂不更新`,
      });
      if (!ok) return;
    }
    setBusy(true);
    applyUpdate();
  };

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-3 sm:justify-end sm:p-4">
      <section
        role="status"
        aria-labelledby="update-prompt-title"
        className="pointer-events-auto flex w-full max-w-sm flex-col gap-3 rounded-lg border border-brand-200 bg-white p-4 shadow-lg"
      >
        <div className="flex items-start gap-3">
          <svg
            className="mt-0.5 size-5 shrink-0 text-brand-700"
            viewBox="0 0 20 20"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            aria-hidden="true"
          >
            <path d="M16.5 10a6.5 6.5 0 1 1-2-4.7M16.5 3.5v3.5H13" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <div>
            <h2 id="update-prompt-title" className="text-sm font-semibold text-slate-900">
              <Trans>有新版本可用</Trans>
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              <Trans>更新后页面将重新加载。</Trans>
            </p>
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={() => setLater(true)} disabled={busy}>
            <Trans>稍后</Trans>
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void update()} disabled={busy} aria-busy={busy}>
            <Trans>立即更新</Trans>
          </button>
        </div>
      </section>
    </div>
  );
}
