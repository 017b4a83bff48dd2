import type { Locale } from '@contract/locales';
import { i18n } from '@lingui/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { detail } from '../test/fixtures';
import { BidSection } from './detail-sections';

afterEach(() => i18n.loadAndActivate({ locale: 'zh-CN', messages: {} }));

function certificatesIn(locale: Locale, requiredCertificates: string[]): string {
  i18n.loadAndActivate({ locale, messages: {} });
  renderWithI18n(<BidSection record={detail({ requiredCertificates })} />);
  return screen.getByRole('region').textContent ?? '';
}

describe('BidSection before a bid', () => {
  it('lists the certificates still required with the separators of the language read', () => {
    expect(certificatesIn('en', ['Business licence', 'ISO 9001', 'ISO 14001'])).toContain('Business licence, ISO 9001, and ISO 14001');
  });

  it('in Vietnamese too', () => {
    expect(certificatesIn('vie', ['Business licence', 'ISO 9001', 'ISO 14001'])).toContain('Business licence, ISO 9001 và ISO 14001');
  });

  it('and in Chinese with 、 and 和', () => {
    expect(certificatesIn('zh-CN', ['营业执照', 'ISO 9001', '近三年审计报告'])).toContain('营业执照、ISO 9001和近三年审计报告');
  });
});
