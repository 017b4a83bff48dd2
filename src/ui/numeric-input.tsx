import type { InputHTMLAttributes } from 'react';

export interface NumericOptions {
  precision?: number;
  min?: number;
  max?: number;
}

/**
 * Full-width digits and dots (a Chinese input method in full-width mode types "１２。５") read as
 * the ASCII ones the rule keeps, instead of being dropped as "not a digit".
 */
function toAsciiDigits(raw: string): string {
  return raw.replace(/[\uff10-\uff19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/[\uff0e\u3002]/g, '.');
}

/** While typing: only digits and the first dot, decimals cut to the precision. */
export function sanitizeNumeric(raw: string, precision?: number): string {
  let v = toAsciiDigits(raw).replace(/[^\d.]/g, '');
  const dot = v.indexOf('.');
  if (dot !== -1) v = v.slice(0, dot + 1) + v.slice(dot + 1).replace(/\./g, '');
  if (precision !== undefined && dot !== -1) {
    v = precision <= 0 ? v.slice(0, dot) : v.slice(0, dot + 1 + precision);
  }
  return v;
}

function pad(intPart: string, decimals: string, precision?: number): string {
  if (precision === undefined) return decimals ? `${intPart}.${decimals}` : intPart;
  if (precision <= 0) return intPart;
  return `${intPart}.${decimals.slice(0, precision).padEnd(precision, '0')}`;
}

function split(value: string): [string, string] {
  const [i = '', d = ''] = value.split('.');
  return [i.replace(/^0+(?=\d)/, '') || '0', d];
}

/**
 * The full rule of SPEC.md section 5 (applied on blur): digits and one dot, cut to the
 * precision, clamped to min/max, padded with decimals to the precision. Empty stays empty.
 */
export function normalizeNumeric(raw: string, { precision, min, max }: NumericOptions = {}): string {
  const v = sanitizeNumeric(raw.trim(), precision);
  if (v === '' || v === '.') return '';
  let [intPart, decimals] = split(v);
  const n = Number(`${intPart}.${decimals || '0'}`);
  const bound = min !== undefined && n < min ? min : max !== undefined && n > max ? max : undefined;
  if (bound !== undefined) [intPart, decimals] = split(sanitizeNumeric(String(bound), precision));
  return pad(intPart, decimals, precision);
}

export interface NumericInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'max' | 'type'> {
  id: string;
  value: string;
  onChange: (value: string) => void;
  precision?: number;
  min?: number;
  max?: number;
}

/** A text input for amounts and quantities: filtered while typing, normalised on blur. */
export function NumericInput({ value, onChange, precision, min, max, onBlur, className, ...rest }: NumericInputProps) {
  return (
    <input
      type="text"
      inputMode={precision === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      {...rest}
      className={`input tabular-nums ${className ?? ''}`}
      value={value}
      onChange={(e) => onChange(sanitizeNumeric(e.target.value, precision))}
      onBlur={(e) => {
        const normalized = normalizeNumeric(value, { precision, min, max });
        if (normalized !== value) onChange(normalized);
        onBlur?.(e);
      }}
    />
  );
}
