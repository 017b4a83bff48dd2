import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorPage, isChunkLoadError } from '@/ui/error-page';

/** Any route that fails, including a lazy chunk that cannot load, lands on the 500 page with a reload. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return <ErrorPage status={500} onRetry={chunk ? undefined : reset} />;
}

export function RouteNotFound() {
  return <ErrorPage status={404} />;
}
