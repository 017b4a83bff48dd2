import { Trans } from '@lingui/react/macro';
import { DateTime } from './date-time';
import { useLoadErrorText } from './load-error';

/**
 * A list or record that could not be refreshed but is on the device (a persisted query): the
 * stored answer stays on screen with this note, its age and a retry, instead of an error that
 * would hide what the supplier could still read offline.
 */
export function StaleDataNotice({ updatedAt, error, retrying, onRetry }: { updatedAt: number; error: unknown; retrying: boolean; onRetry: () => void }) {
  const reason = useLoadErrorText(error);
  return (
    <div role="status" className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p className="min-w-0 flex-1">
        <Trans>
          无法刷新（{reason}），显示的是 <DateTime value={new Date(updatedAt).toISOString()} /> 保存在本设备的数据。
        </Trans>
      </p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry} disabled={retrying}>
        <Trans>重试</Trans>
      </button>
    </div>
  );
}
