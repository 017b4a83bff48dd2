import type { FieldError } from '@contract/codes';

export type ApiErrorKind = 'business' | 'unauthorized' | 'network' | 'tokenLost';

/** Why a call failed. `code` is the envelope code, or '' when none came back. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: string;
  readonly status: number;
  readonly data: unknown;
  /** The answer's message key (the X-Reason header): what it means, in no language. */
  readonly reason: string;

  constructor(kind: ApiErrorKind, message: string, init: { code?: string; status?: number; data?: unknown; reason?: string | null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = init.code ?? '';
    this.status = init.status ?? 0;
    this.data = init.data;
    this.reason = init.reason ?? '';
  }

  /** Field errors of an E400 answer, keyed by field path. */
  get fieldErrors(): Record<string, string> {
    if (!Array.isArray(this.data)) return {};
    const out: Record<string, string> = {};
    for (const item of this.data as FieldError[]) {
      if (item && typeof item.field === 'string' && !(item.field in out)) out[item.field] = String(item.message);
    }
    return out;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
