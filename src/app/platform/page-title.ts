import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { menuKeyOf } from '@/api/access';
import { MENU, platformTitle } from './menu';

/**
 * The title of a platform screen: its menu entry and the unread message count (the home's
 * counts), e.g. "(3) 首页 - 供应商门户"; the plain app name again when the platform is left.
 */
export function usePlatformTitle(unread: number | undefined): void {
  const { t, i18n } = useLingui();
  const pathname = useLocation({ select: (l) => l.pathname });
  const entry = MENU.find((e) => e.key === menuKeyOf(pathname));
  const app = t`供应商门户`;
  const title = platformTitle(entry ? i18n._(entry.title) : null, unread ?? 0, app);
  const appName = useRef(app);

  useEffect(() => {
    appName.current = app;
  }, [app]);

  useEffect(() => {
    // The root layout writes the plain app name in its own effect, which runs after this one
    // (a parent's effects after its children's), on mount and on a language switch: ours goes after it.
    const timer = setTimeout(() => {
      document.title = title;
    }, 0);
    return () => clearTimeout(timer);
  }, [title]);

  useEffect(
    () => () => {
      document.title = appName.current;
    },
    [],
  );
}
