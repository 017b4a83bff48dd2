import { Code } from '@contract/codes';
import { message as wireMessage } from '@/locales/wire';
import { isApiError } from '@/api/errors';

/**
 * What an attempt to send an outbox entry came to, and what the entry does next
 * (DESIGN.md section 4): sent → deleted; retry → queued with backoff and the same key;
 * hold → queued, the owner's session went away meanwhile; pause → E401; fail → E4xx.
 */
export type Outcome =
  | { kind: 'sent'; result: unknown }
  | { kind: 'retry'; code: string; message: string }
  | { kind: 'hold' }
  | { kind: 'pause'; message: string }
  | { kind: 'fail'; code: string; message: string };

/** The bid service's "same key still in flight" answer (E409 inProgress) in any language: it is worth a retry. */
const inProgressTexts = new Set((['zh-CN', 'en', 'vie'] as const).map((locale) => wireMessage('inProgress', locale)));

/** Errors of uploads.ts carry whether trying again later can help. */
interface UploadFailure {
  retryable: boolean;
  code: string;
  message: string;
}
const isUploadFailure = (error: unknown): error is UploadFailure => Boolean(error) && typeof (error as UploadFailure).retryable === 'boolean';

export function classify(error: unknown): Outcome {
  if (isUploadFailure(error)) return error.retryable ? { kind: 'retry', code: error.code, message: error.message } : { kind: 'fail', code: error.code, message: error.message };
  if (!isApiError(error)) return { kind: 'retry', code: 'error', message: error instanceof Error ? error.message : String(error) };
  if (error.kind === 'unauthorized' || error.kind === 'tokenLost') return { kind: 'pause', message: error.message };
  if (error.kind === 'network') {
    const status = error.status;
    const transient = status <= 0 || status >= 500 || status === 408 || status === 429;
    return transient ? { kind: 'retry', code: `HTTP ${status}`, message: error.message } : { kind: 'fail', code: `HTTP ${status}`, message: error.message };
  }
  const transientCode = error.code === Code.internal || error.code === Code.tooManyAttempts || (error.code === Code.conflict && inProgressTexts.has(error.message));
  return transientCode ? { kind: 'retry', code: error.code, message: error.message } : { kind: 'fail', code: error.code, message: error.message };
}

