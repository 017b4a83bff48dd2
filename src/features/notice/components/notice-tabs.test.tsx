import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { NoticeTab } from '../notice-search';
import { NoticeTabs } from './notice-tabs';

function Harness() {
  const [tab, setTab] = useState<NoticeTab>('bidding');
  return (
    <I18nProvider i18n={i18n}>
      <NoticeTabs value={tab} onChange={setTab} />
    </I18nProvider>
  );
}

describe('NoticeTabs', () => {
  it('is one tab stop; arrows, Home and End move focus and select', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const bidding = screen.getByRole('tab', { name: '招标信息' });
    const purchasing = screen.getByRole('tab', { name: '采购信息' });
    expect(bidding.getAttribute('aria-selected')).toBe('true');
    expect(purchasing.tabIndex).toBe(-1);

    await user.tab();
    expect(document.activeElement).toBe(bidding);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(purchasing);
    expect(purchasing.getAttribute('aria-selected')).toBe('true');
    expect(purchasing.getAttribute('aria-controls')).toBe('notice-panel-purchasing');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(bidding);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(purchasing);
    await user.keyboard('{Home}');
    expect(bidding.getAttribute('aria-selected')).toBe('true');
  });
});
