import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { DateTime } from './date-time';
import { useLoadErrorText } from './load-error';

type StoredQuery = Pick<
  UseQueryResult,
  'data' | 'isError' | 'error' | 'failureCount' | 'failureReason' | 'fetchStatus' | 'dataUpdatedAt' | 'isFetching' | 'refetch'
>;

/**
 * The answer on screen is the one stored on the device: its refresh failed (or is being tried again
 * after a failure), or waits for a network.
 */
export const showsStoredAnswer = (query: StoredQuery): boolean =>
  query.data !== undefined && (query.isError || query.failureCount > 0 || query.fetchStatus === 'paused');

/**
 * A list or record that could not be refreshed but is on the device (src/app/query-persist.ts):
 * the stored answer stays on screen with this note, its age and a retry, instead of an error
 * that would hide what the supplier can still read offline. Renders nothing otherwise.
 */
export function StaleDataNotice({ query }: { query: StoredQuery }) {
  const reason = useLoadErrorText(query.error ?? query.failureReason);
  if (!showsStoredAnswer(query)) return null;
  return (
    <div
      role="status"
      className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p className="min-w-0 flex-1">
        <Trans>
          无法刷新（{reason}），显示的是 <DateTime value={new Date(query.dataUpdatedAt).toISOString()} /> 保存在本设备的数据。
        </Trans>
      </p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
        <Trans>重试</Trans>
      </button>
    </div>
  );
}
