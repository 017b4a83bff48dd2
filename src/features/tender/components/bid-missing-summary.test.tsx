import type { Locale } from '@contract/locales';
import { i18n } from '@lingui/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { message } from '@/locales/wire';
import { renderWithI18n } from '@/test/render';
import { BidMissingSummary } from './bid-missing-summary';

afterEach(() => i18n.loadAndActivate({ locale: 'zh-CN', messages: {} }));

const items = [
  { id: 'bid-documents', name: 'Bid documents' },
  { id: 'bid-certificate-0', name: 'ISO 9001' },
  { id: 'bid-bom', name: 'Bill of materials' },
];

function summaryIn(locale: Locale): string {
  i18n.loadAndActivate({ locale, messages: {} });
  renderWithI18n(<BidMissingSummary id="missing" items={items} />);
  return screen.getByRole('alert').textContent ?? '';
}

describe('BidMissingSummary', () => {
  it('joins the missing uploads with the English separators, never the Chinese 、', () => {
    const text = summaryIn('en');
    expect(text).toContain('Bid documents, ISO 9001, and Bill of materials');
    expect(text.startsWith(message('requiredUploadMissing', 'en'))).toBe(true);
    expect(text).not.toMatch(/、/);
  });

  it('joins them with the Vietnamese separators', () => {
    const text = summaryIn('vie');
    expect(text).toContain('Bid documents, ISO 9001 và Bill of materials');
    expect(text).not.toMatch(/、/);
  });

  it('keeps each name a link to its field', () => {
    summaryIn('en');
    expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      items.map((item) => [item.name, `#${item.id}`]),
    );
  });
});
