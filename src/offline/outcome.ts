import { Code } from '@contract/codes';
import { isApiError } from '@/api/errors';

/**
 * What an attempt to send an outbox entry came to, and what the entry does next
 * (DESIGN.md section 4): sent → deleted; retry → queued with backoff and the same key;
 * hold → queued, the owner's session went away meanwhile; pause → E401; fail → E4xx.
 */
export type Outcome =
  | { kind: 'sent'; result: unknown }
  | { kind: 'retry'; code: string; message: string; reason?: string }
  | { kind: 'hold' }
  | { kind: 'pause'; message: string }
  | { kind: 'fail'; code: string; message: string; reason?: string };

/** Errors of uploads.ts carry whether trying again later can help. */
interface UploadFailure {
  retryable: boolean;
  code: string;
  message: string;
  /** The owner's session is gone (tus 401, or another supplier logged in): pause, as on E401. */
  needsLogin?: boolean;
}
const isUploadFailure = (error: unknown): error is UploadFailure =>
  Boolean(error) && typeof (error as UploadFailure).retryable === 'boolean';

export function classify(error: unknown): Outcome {
  if (isUploadFailure(error) && error.needsLogin) return { kind: 'pause', message: error.message };
  if (isUploadFailure(error))
    return error.retryable
      ? { kind: 'retry', code: error.code, message: error.message }
      : { kind: 'fail', code: error.code, message: error.message };
  if (!isApiError(error)) return { kind: 'retry', code: 'error', message: error instanceof Error ? error.message : String(error) };
  if (error.kind === 'unauthorized' || error.kind === 'tokenLost') return { kind: 'pause', message: error.message };
  if (error.kind === 'network') {
    const status = error.status;
    const transient = status <= 0 || status >= 500 || status === 408 || status === 429;
    return transient
      ? { kind: 'retry', code: `HTTP ${status}`, message: error.message }
      : { kind: 'fail', code: `HTTP ${status}`, message: error.message };
  }
  // E409 is final, except the bid service's "same key still in flight" (reason inProgress).
  const transientCode =
    error.code === Code.internal || error.code === Code.tooManyAttempts || (error.code === Code.conflict && error.reason === 'inProgress');
  const said = { code: error.code, message: error.message, ...(error.reason ? { reason: error.reason } : {}) };
  return transientCode ? { kind: 'retry', ...said } : { kind: 'fail', ...said };
}
