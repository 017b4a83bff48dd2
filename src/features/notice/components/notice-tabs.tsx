import { useLingui } from '@lingui/react/macro';
import { useRef, type KeyboardEvent } from 'react';
import { NOTICE_TABS, type NoticeTab } from '../notice-search';

export const noticeTabId = (tab: NoticeTab) => `notice-tab-${tab}`;
export const noticePanelId = (tab: NoticeTab) => `notice-panel-${tab}`;

interface NoticeTabsProps {
  value: NoticeTab;
  onChange: (tab: NoticeTab) => void;
}

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move and select. */
export function NoticeTabs({ value, onChange }: NoticeTabsProps) {
  const { t } = useLingui();
  const refs = useRef<Partial<Record<NoticeTab, HTMLButtonElement | null>>>({});
  const labels: Record<NoticeTab, string> = { bidding: t`招标信息`, purchasing: t`采购信息` };

  // On each tab (the tablist itself takes no focus); the one with the focus is the selected one.
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = NOTICE_TABS.indexOf(value);
    const last = NOTICE_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = NOTICE_TABS[next]!;
    onChange(tab);
    refs.current[tab]?.focus();
  }

  return (
    <div role="tablist" aria-label={t`公告类型`} className="flex gap-1 border-b border-slate-200">
      {NOTICE_TABS.map((tab) => {
        const selected = tab === value;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={noticeTabId(tab)}
            aria-selected={selected}
            aria-controls={noticePanelId(tab)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={onKeyDown}
            className={`-mb-px border-b-2 px-4 py-2.5 text-base font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
              selected ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-500 hover:text-slate-800'
            }`}
          >
            {labels[tab]}
          </button>
        );
      })}
    </div>
  );
}
