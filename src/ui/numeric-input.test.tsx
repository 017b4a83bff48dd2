import { screen } from '@testing-library/react';
import { renderWithI18n } from '@/test/render';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { normalizeNumeric, NumericInput, sanitizeNumeric } from './numeric-input';

describe('normalizeNumeric', () => {
  it.each([
    ['12a3', {}, '123'],
    ['1.2.3', {}, '1.23'],
    ['  45.6  ', {}, '45.6'],
    ['¥1,234.5', { precision: 2 }, '1234.50'],
    ['3.14159', { precision: 2 }, '3.14'],
    ['3.1', { precision: 3 }, '3.100'],
    ['7', { precision: 2 }, '7.00'],
    ['7.', { precision: 2 }, '7.00'],
    ['.5', { precision: 2 }, '0.50'],
    ['0012.5', { precision: 1 }, '12.5'],
    ['9.99', { precision: 0 }, '9'],
    ['150', { max: 100 }, '100'],
    ['150', { max: 99.5, precision: 2 }, '99.50'],
    ['0.5', { min: 1, precision: 2 }, '1.00'],
    ['-5', { min: 0 }, '5'],
    ['', { precision: 2 }, ''],
    ['abc', { precision: 2 }, ''],
    ['.', {}, ''],
  ] as const)('%j with %j -> %j', (raw, opts, expected) => {
    expect(normalizeNumeric(raw, opts)).toBe(expected);
  });
});

describe('sanitizeNumeric (while typing)', () => {
  it('keeps a trailing dot and does not pad', () => {
    expect(sanitizeNumeric('12.', 2)).toBe('12.');
    expect(sanitizeNumeric('12.345', 2)).toBe('12.34');
    expect(sanitizeNumeric('1x2..3', undefined)).toBe('12.3');
  });

  it('reads full-width digits and dots as ASCII (a Chinese input method in full-width mode)', () => {
    expect(sanitizeNumeric('１２．３４５', 2)).toBe('12.34');
    expect(sanitizeNumeric('１２。５', 2)).toBe('12.5');
    expect(normalizeNumeric('０。５', { precision: 2 })).toBe('0.50');
  });
});

function Harness({ precision, max }: { precision?: number; max?: number }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="amount">金额</label>
      <NumericInput id="amount" value={value} onChange={setValue} precision={precision} max={max} />
      <output>{value}</output>
    </>
  );
}

describe('<NumericInput>', () => {
  it('filters while typing and normalises on blur', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Harness precision={2} max={1000} />);
    const input = screen.getByLabelText('金额');
    await user.type(input, '12a.3456');
    expect(input).toHaveProperty('value', '12.34');
    await user.clear(input);
    await user.type(input, '5000.1');
    await user.tab();
    expect(input).toHaveProperty('value', '1000.00');
  });
});
