import { Trans } from '@lingui/react/macro';
import { Link, type LinkComponentProps } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { useLoadErrorText } from './load-error';
import { PageSpinner } from './spinner';
import { StaleDataNotice } from './stale-data-notice';

/** A link back to where a record was opened from (a list, the record itself), as a secondary button with a chevron. */
export function BackLink({ children, ...link }: Omit<LinkComponentProps, 'className' | 'children'> & { children: ReactNode }) {
  return (
    <Link {...link} className="btn btn-secondary">
      <svg width="16" height="16" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M12.8 5.2a.75.75 0 0 1 0 1.06L9.06 10l3.74 3.74a.75.75 0 1 1-1.06 1.06l-4.27-4.27a.75.75 0 0 1 0-1.06L11.74 5.2a.75.75 0 0 1 1.06 0Z"
        />
      </svg>
      {children}
    </Link>
  );
}

export interface RecordStatesProps<T> {
  query: UseQueryResult<T>;
  /** The page around every state before the record is there (its header, a back link). */
  frame: (content: ReactNode) => ReactNode;
  /** While the record loads; a spinner unless the screen has a skeleton of its own. */
  loading?: ReactNode;
  /** The bid service says the record is not there, or not this supplier's (E404). */
  isMissing: (error: unknown) => boolean;
  /** What is said then: the title defaults to the service's own words. */
  missing: { title?: ReactNode; description: ReactNode; action?: ReactNode };
  /** The title when the record could not be loaded and none is on the device; the reason and a retry follow. */
  failedTitle: ReactNode;
  /** Below the failure (not below "missing"): what the device still holds for this record, such as unsent replies. */
  afterFailure?: ReactNode;
  /**
   * The record's screen, also when its refresh failed but the device holds it: `staleNote` then
   * says so, with the copy's age and a retry (StaleDataNotice), and goes under the page's header.
   */
  children: (data: T, staleNote: ReactNode) => ReactNode;
}

/**
 * The states of a record's screen, the same on every detail: loading; not found (or another
 * supplier's); could not be loaded, with nothing on the device (the reason and a retry); and the
 * record, with a note when what is shown is the copy kept on the device.
 */
export function RecordStates<T>({ query, frame, loading, isMissing, missing, failedTitle, afterFailure, children }: RecordStatesProps<T>) {
  const errorText = useLoadErrorText(query.error);
  if (query.isPending) return frame(loading ?? <PageSpinner />);
  if (query.isError && isMissing(query.error)) {
    return frame(
      <div className="card">
        <EmptyState title={missing.title ?? errorText} description={missing.description} action={missing.action} />
      </div>,
    );
  }
  const { data } = query;
  // Not pending and no data: the load failed, and the device holds no copy (a success always has data).
  if (data === undefined) {
    return frame(
      <>
        <div className="card" role="alert">
          <EmptyState
            title={failedTitle}
            description={errorText}
            action={
              <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
                <Trans>重试</Trans>
              </button>
            }
          />
        </div>
        {afterFailure}
      </>,
    );
  }
  return children(data, <StaleDataNotice query={query} />);
}
