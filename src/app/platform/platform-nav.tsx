import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { menuKeyOf } from '@/api/access';
import { BREAKPOINT, useMediaQuery } from '@/ui/use-media-query';
import { visibleMenu, type MenuBadges, type MenuEntry } from './menu';

/** A count on the menu: the number for the eye, the words for a screen reader ("3 项待办"). */
function TodoBadge({ count, total }: { count: number; total?: boolean }) {
  return (
    <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 tabular-nums">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">
        {total ? <Plural value={count} one="共 # 项待办" other="共 # 项待办" /> : <Plural value={count} one="# 项待办" other="# 项待办" />}
      </span>
    </span>
  );
}

function MenuLinks({ entries, badges, onNavigate }: { entries: MenuEntry[]; badges: MenuBadges; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  return (
    <ul className="flex flex-col gap-1">
      {entries.map((entry) => (
        <li key={entry.key}>
          <Link
            to={entry.to}
            onClick={onNavigate}
            className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-brand-50 hover:text-brand-800"
            activeProps={{ className: 'bg-brand-50 !text-brand-800 font-semibold shadow-[inset_3px_0_0_var(--color-brand-700)]' }}
          >
            <span className="shrink-0 text-brand-700">{entry.icon}</span>
            {i18n._(entry.title)}
            {/* The space keeps the count's words apart from the title in the link's name. */}
            {badges[entry.key] ? (
              <>
                {' '}
                <TodoBadge count={badges[entry.key]!} />
              </>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export interface PlatformNavProps {
  status: string | null | undefined;
  /** The user area: name and logout. */
  user: ReactNode;
  /** To-dos waiting per entry (the home's counts); none while they are unknown. */
  badges?: MenuBadges;
}

/** Sidebar on wide screens; on phones a bar with the current section that opens the menu below it. */
export function PlatformNav({ status, user, badges = {} }: PlatformNavProps) {
  const { t, i18n } = useLingui();
  const entries = visibleMenu(status);
  // On a phone the menu is folded: its button carries the sum of what the visible entries count.
  const waiting = entries.reduce((sum, entry) => sum + (badges[entry.key] ?? 0), 0);
  const pathname = useLocation({ select: (l) => l.pathname });
  const current = entries.find((e) => e.key === menuKeyOf(pathname));
  // The phone menu is open on the page it was opened on: going to another closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const panelId = useId();
  // Only the menu this size shows, and the phone's folded menu's links only while it is open
  // (both, left to CSS, where the size is unknown): each menu's links and user area were drawn
  // twice, hidden, on every first render of a supplier's screen.
  const wide = useMediaQuery(BREAKPOINT.lg);

  return (
    <>
      {wide !== false ? (
        <nav aria-label={t`主菜单`} className="hidden w-60 shrink-0 lg:block">
          <div className="sticky top-20 flex flex-col gap-4">
            <div className="card p-3 sm:p-3">
              <MenuLinks entries={entries} badges={badges} />
            </div>
            <div className="card p-4 sm:p-4">{user}</div>
          </div>
        </nav>
      ) : null}

      {wide !== true ? (
        <div className="lg:hidden">
          <button
            type="button"
            className="flex min-h-12 w-full cursor-pointer items-center justify-between gap-3 rounded-lg bg-white px-4 py-2 text-left shadow-sm ring-1 ring-slate-200"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <span className="flex min-w-0 items-center gap-3">
              <span className="shrink-0 text-brand-700">{current?.icon}</span>
              <span className="truncate text-sm font-semibold text-slate-800">{current ? i18n._(current.title) : t`菜单`}</span>
            </span>
            <span className="flex items-center gap-1 text-sm text-slate-500">
              {waiting > 0 ? (
                <>
                  <TodoBadge count={waiting} total />{' '}
                </>
              ) : null}
              <Trans>菜单</Trans>
              <svg
                width="20"
                height="20"
                viewBox="0 0 20 20"
                fill="currentColor"
                aria-hidden="true"
                className={`transition-transform ${open ? 'rotate-180' : ''}`}
              >
                <path
                  fillRule="evenodd"
                  d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
                />
              </svg>
            </span>
          </button>
          <nav id={panelId} aria-label={t`主菜单`} hidden={!open} className="mt-2 rounded-lg bg-white p-2 shadow-lg ring-1 ring-slate-200">
            {open || wide === null ? (
              <>
                <MenuLinks entries={entries} badges={badges} onNavigate={() => setOpenOn(null)} />
                <div className="mt-2 border-t border-slate-100 px-2 pt-3 pb-1">{user}</div>
              </>
            ) : null}
          </nav>
        </div>
      ) : null}
    </>
  );
}
