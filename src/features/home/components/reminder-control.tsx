import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useReminderSettings } from '../reminders/use-reminder-settings';

const BellIcon = () => (
  <svg
    aria-hidden="true"
    width="16"
    height="16"
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M10 2.75a4.75 4.75 0 0 0-4.75 4.75v2.4c0 .6-.2 1.2-.6 1.7L3.5 13.1h13l-1.15-1.5c-.4-.5-.6-1.1-.6-1.7V7.5A4.75 4.75 0 0 0 10 2.75ZM8 15.5a2 2 0 0 0 4 0" />
  </svg>
);

/**
 * The reminders' switch, in context on the to-do list: says what it does before the browser is
 * asked (the browser's prompt appears only after this click, never on load). Without
 * notifications the reminders still come, inside the portal.
 */
export function ReminderControl({ supplierId }: { supplierId: string }) {
  const { t } = useLingui();
  const { permission, settled, systemOn, enable, disable } = useReminderSettings(supplierId);
  const [busy, setBusy] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const explainId = useId();

  // Notifications granted and still reading what this device was asked: nothing rather than a
  // switch that flips. Not granted, what was asked does not matter: shown at once (appearing
  // later, it pushed the to-do list down on a phone).
  if (!settled) return null;

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  if (systemOn) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 sm:max-w-sm sm:justify-end">
        <p role="status" className="flex items-center gap-1.5 text-brand-800">
          <BellIcon />
          <Trans>截止提醒已开启：截止前 24 小时和 1 小时通知您。</Trans>
        </p>
        <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void run(disable)}>
          <Trans>关闭提醒</Trans>
        </button>
      </div>
    );
  }

  if (permission === 'unsupported' || permission === 'denied') {
    return (
      <p role="status" className="text-sm text-slate-600 sm:max-w-sm sm:text-right">
        {permission === 'denied' ? (
          <Trans>浏览器已阻止本站的通知，临近截止的待办会在门户内提醒。如需系统通知，请在浏览器的网站设置中允许通知。</Trans>
        ) : (
          <Trans>此浏览器不支持系统通知，临近截止的待办会在门户内提醒。</Trans>
        )}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-1.5 text-sm sm:max-w-sm sm:items-end sm:text-right">
      <button
        type="button"
        className="btn btn-secondary btn-sm self-start sm:self-end"
        aria-describedby={explainId}
        disabled={busy}
        onClick={() =>
          void run(async () => {
            setDismissed((await enable()) === 'default');
          })
        }
      >
        <BellIcon />
        {t`提醒我`}
      </button>
      <p id={explainId} className="text-slate-600">
        <Trans>在待办截止前 24 小时和 1 小时，用系统通知提醒您（门户打开时有效，浏览器会先征求您的同意）。</Trans>
      </p>
      {dismissed ? (
        <p role="status" className="text-amber-800">
          <Trans>未获得通知权限，临近截止的待办会在门户内提醒。</Trans>
        </p>
      ) : null}
    </div>
  );
}
