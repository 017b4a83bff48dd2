/** Response codes of the wire contract (DESIGN.md section 3). */
export const Code = {
  ok: 'E000',
  invalid: 'E400',
  unauthorized: 'E401',
  forbidden: 'E403',
  notFound: 'E404',
  conflict: 'E409',
  tooLarge: 'E413',
  unsupportedType: 'E415',
  tooManyAttempts: 'E429',
  internal: 'E500',
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** A field-level validation problem: `field` is a dotted path, `message` is already translated. */
export interface FieldError {
  field: string;
  message: string;
}

/** Every response of the bid service has this shape. */
export interface Envelope<T = unknown> {
  code: CodeValue | string;
  message: string;
  data: T;
}
