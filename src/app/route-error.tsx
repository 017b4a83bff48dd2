import { useLingui } from '@lingui/react/macro';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { hasUnsavedWork } from '@/offline/unsaved';
import { ErrorPage, isChunkLoadError } from '@/ui/error-page';
import { Spinner } from '@/ui/spinner';

/** One automatic reload per this window: a second failure soon after shows the error page instead of looping. */
const RELOAD_GUARD_KEY = 'portal:chunk-reload-at';
const RELOAD_GUARD_MS = 10 * 60_000;

/**
 * A chunk that failed or timed out is usually fixed by a reload (a new version removed it, or
 * the link dropped): reload once by ourselves, unless a form holds unsaved input or we just did.
 */
export function mayReloadAutomatically(now = Date.now()): boolean {
  if (hasUnsavedWork()) return false;
  try {
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY));
    return !(last && now - last < RELOAD_GUARD_MS);
  } catch {
    return false;
  }
}

function reloadOnce(): void {
  try {
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
  } catch {
    return;
  }
  window.location.reload();
}

/**
 * Any route that fails lands on the 500 page with a reload; a lazy chunk that cannot load
 * (src/app/lazy-route-component.ts) first gets its one automatic reload. Never a blank screen.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui();
  const router = useRouter();
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && mayReloadAutomatically());
  useEffect(() => {
    if (reloading) reloadOnce();
    else if (!chunk) console.error(error);
  }, [reloading, chunk, error]);

  if (reloading) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner label={t`正在重新加载页面`} />
      </div>
    );
  }
  // A chunk is fetched again by loading the route again (the boundary resets when it has loaded).
  return <ErrorPage status={500} onRetry={chunk ? () => void router.invalidate() : reset} />;
}

export function RouteNotFound() {
  return <ErrorPage status={404} />;
}
