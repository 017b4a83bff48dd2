import { Trans } from '@lingui/react/macro';
import type { DeadlineState } from '@/offline/deadline';

/**
 * The warning for an unsent write near or past its deadline (a tender's cut-off), the same
 * words wherever it shows: /pending and the tender screens' record rows. In words and with an
 * icon, not by colour alone; nothing for 'none'.
 */
export function DeadlineNotice({ state, className }: { state: DeadlineState; className?: string }) {
  if (state === 'none') return null;
  const passed = state === 'passed';
  return (
    <p
      className={`flex items-start gap-2 rounded-lg border px-3 py-2 text-sm ${passed ? 'border-red-200 bg-red-50 text-red-800' : 'border-amber-200 bg-amber-50 text-amber-900'} ${className ?? ''}`}
      data-deadline={state}
    >
      <WarningIcon className="mt-0.5 size-4" />
      <span>
        {passed ? (
          <Trans>已过截止时间，是否受理以平台的答复为准。内容仍保留在本设备上。</Trans>
        ) : (
          <Trans>距截止时间不足 24 小时，请保持联网，以便及时提交。</Trans>
        )}
      </span>
    </p>
  );
}

/** A warning triangle, decorative: the text next to it says what it means. */
export function WarningIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`shrink-0 ${className ?? 'size-4'}`}>
      <path
        fillRule="evenodd"
        d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
