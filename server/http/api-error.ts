import { Code, type CodeValue } from '../../contract/codes';
import type { MessageKey } from '../../contract/messages';

/** A field problem before translation: `key` becomes the message in the request language. */
export interface FieldProblem {
  field: string;
  key: MessageKey;
}

/**
 * A business outcome other than success. Handlers throw it; the error handler turns it into
 * the envelope `{ code, message, data }` with HTTP 200 (DESIGN.md section 3).
 */
export class ApiError extends Error {
  constructor(
    readonly code: CodeValue,
    readonly key: MessageKey,
    readonly fields: FieldProblem[] = [],
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

export const invalid = (field: string, key: MessageKey) => new ApiError(Code.invalid, key, [{ field, key }]);
export const unauthorized = (key: MessageKey = 'unauthorized') => new ApiError(Code.unauthorized, key);
export const forbidden = () => new ApiError(Code.forbidden, 'forbidden');
export const notFound = () => new ApiError(Code.notFound, 'notFound');
export const conflict = (key: MessageKey, field?: string) => new ApiError(Code.conflict, key, field ? [{ field, key }] : []);
export const tooMany = () => new ApiError(Code.tooManyAttempts, 'tooManyAttempts');
