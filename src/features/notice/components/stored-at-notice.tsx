import { lazy, Suspense } from 'react';

const OfflineMarker = lazy(() => import('./offline-marker'));

/** The offline marker when the answer on screen came from the service worker's store; nothing otherwise. */
export function StoredAtNotice({ storedAt }: { storedAt: string | null }) {
  if (!storedAt) return null;
  return (
    <Suspense fallback={null}>
      <OfflineMarker storedAt={storedAt} />
    </Suspense>
  );
}
