import { useLingui } from '@lingui/react/macro';
import { formatDateTime } from '@/ui/format';

/**
 * Says that what is on screen came from the device because the bid service could not be
 * reached, and how old it is (DESIGN.md section 4). A status, so screen readers hear it too.
 * Loaded only when needed (StoredAtNotice), like every offline-only part of /login's first load.
 */
export default function OfflineMarker({ storedAt }: { storedAt: string }) {
  const { t } = useLingui();
  const time = formatDateTime(storedAt);
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <svg className="mt-0.5 size-4 shrink-0" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
        <path d="M2.5 7.5a11 11 0 0 1 15 0M5 10.5a7 7 0 0 1 10 0M7.8 13.4a3 3 0 0 1 4.4 0M3 3l14 14" strokeLinecap="round" />
      </svg>
      <span>{t`离线，数据截至 ${time}`}</span>
    </p>
  );
}
