import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { isApiError } from '@/api/errors';

/** What went wrong loading something: the server's message for a business error, else a network hint. */
export function useLoadErrorText(error: unknown): string {
  const { t } = useLingui();
  return isApiError(error) && error.kind === 'business' ? error.message : t`网络连接异常，请稍后重试。`;
}

/** A list that could not be loaded: what, why, and a retry. */
export function LoadError({
  title,
  error,
  retrying,
  onRetry,
}: {
  title: ReactNode;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-medium text-red-800">{title}</p>
      <p className="mt-1 text-sm text-red-700">{useLoadErrorText(error)}</p>
      <button type="button" className="btn btn-secondary mt-4" onClick={onRetry} disabled={retrying}>
        <Trans>重试</Trans>
      </button>
    </div>
  );
}
