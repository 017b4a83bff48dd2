import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { YesNoField } from './choice-fields';

describe('<YesNoField>', () => {
  it('is a required radio group; a problem makes the group invalid and describes it, not the radios', () => {
    const { rerender } = renderWithI18n(<YesNoField path="insurance.hasInsured" label="是否已投保" value="" onChange={() => {}} />);
    const group = screen.getByRole('radiogroup', { name: /是否已投保/ });
    expect(group.getAttribute('aria-required')).toBe('true');
    expect(group.getAttribute('aria-invalid')).toBeNull();

    rerender(<YesNoField path="insurance.hasInsured" label="是否已投保" value="" onChange={() => {}} error="请选择是否已投保" />);
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toBe('请选择是否已投保');
    for (const radio of within(group).getAllByRole('radio')) expect(radio.hasAttribute('aria-invalid')).toBe(false);
  });
});
