import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { DepositSlipField } from './deposit-slip-field';

const photo = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });

describe('<DepositSlipField> preview', () => {
  let made = 0;
  const revoked: string[] = [];
  beforeEach(() => {
    made = 0;
    revoked.length = 0;
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: vi.fn(() => `blob:slip-${++made}`), revokeObjectURL: vi.fn((url: string) => revoked.push(url)) });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows the chosen photo through one object URL, revoked when the photo changes or goes', () => {
    const { rerender, unmount } = renderWithI18n(<DepositSlipField id="slip" value={photo('a.jpg')} onChange={() => {}} />);
    expect(screen.getByRole('img', { name: '汇款凭证预览：a.jpg' }).getAttribute('src')).toBe('blob:slip-1');
    rerender(<DepositSlipField id="slip" value={photo('b.jpg')} onChange={() => {}} />);
    expect(screen.getByRole('img', { name: '汇款凭证预览：b.jpg' }).getAttribute('src')).toBe('blob:slip-2');
    expect(revoked).toEqual(['blob:slip-1']);
    unmount();
    expect(revoked).toEqual(['blob:slip-1', 'blob:slip-2']);
    expect(made).toBe(2);
  });

  it('shows the name and size of a PDF, with no object URL', () => {
    renderWithI18n(<DepositSlipField id="slip" value={new File(['%PDF'], 'slip.pdf', { type: 'application/pdf' })} onChange={() => {}} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('将提交：slip.pdf（4 B）')).toBeTruthy();
    expect(made).toBe(0);
  });
});
