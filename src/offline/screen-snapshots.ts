import type { Locale } from '@contract/locales';
import { i18n } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { getSupplierId, sessionState } from '@/api/session';
import type { ScreenSnapshot } from '@/prerender/shell-html';
import { MAX_SCREEN_CHARS, saveScreen } from './screen-store';

/**
 * A screen bigger than this (a quote form of hundreds of lines) is not kept: copying it would
 * cost a phone more, on every change, than its paint at a cold open saves.
 */
const MAX_SCREEN_ELEMENTS = 4000;

/** How long a screen must stand still (no navigation, no new answer) before it is kept. */
export const SETTLE_MS = 500;

/**
 * Writes what a field holds into the copy's markup (a form's fields hold their values as
 * properties, which markup does not carry); never a password.
 */
function keepValue(live: Element, copied: Element): void {
  if (live instanceof HTMLInputElement && copied instanceof HTMLInputElement) {
    if (live.type === 'checkbox' || live.type === 'radio') copied.toggleAttribute('checked', live.checked);
    else if (live.type !== 'password' && live.type !== 'file') copied.setAttribute('value', live.value);
  } else if (live instanceof HTMLTextAreaElement && copied instanceof HTMLTextAreaElement) {
    copied.textContent = live.value;
  } else if (live instanceof HTMLSelectElement && copied instanceof HTMLSelectElement) {
    [...copied.options].forEach((option, i) => option.toggleAttribute('selected', live.options[i]?.selected ?? false));
  }
}

/**
 * How far down the page a snapshot reaches, in screen heights: a cold open shows the top of the
 * screen, and every element past it would be parsed, styled and laid out before the first frame
 * for nothing (the app's render, which follows, has all of it).
 */
export const SNAPSHOT_SCREENS = 1.5;

/**
 * The markup of what `root` shows, with what its fields hold: a copy without what is not
 * displayed at this size (the table a phone shows as cards, or the cards a desktop shows as a
 * table: parsed for nothing at a cold open), without what starts below the first
 * SNAPSHOT_SCREENS screen heights of the page, and without dialogs (a cold open shows the
 * screen, not a question asked on it).
 */
function visibleMarkup(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  const drop: Element[] = [];
  const fold = window.innerHeight * SNAPSHOT_SCREENS;
  const walk = (live: Element, copied: Element) => {
    keepValue(live, copied);
    for (let i = 0; i < live.children.length; i++) {
      const child = live.children[i]!;
      const copiedChild = copied.children[i]!;
      const style = getComputedStyle(child);
      const belowFold =
        style.position !== 'fixed' && style.position !== 'sticky' && child.getBoundingClientRect().top + window.scrollY > fold;
      if (child instanceof HTMLDialogElement || style.display === 'none' || belowFold) drop.push(copiedChild);
      else walk(child, copiedChild);
    }
  };
  walk(root, copy);
  for (const el of drop) el.remove();
  return copy.innerHTML;
}

/**
 * #root as it shows now, when it shows a supplier's screen worth keeping: logged in, on a
 * /platform/ address, the app's own render (not a snapshot still waiting for the app), no
 * read under way.
 */
function capture(client: QueryClient): { address: string; screen: ScreenSnapshot } | null {
  const root = document.getElementById('root');
  const supplierId = getSupplierId();
  if (!root || !supplierId || sessionState() !== 'active' || !location.pathname.startsWith('/platform/')) return null;
  if (root.hasAttribute('data-prerendered') || client.isFetching() > 0) return null;
  const stylesheet = document.querySelector('link[rel=stylesheet]')?.getAttribute('href');
  if (root.getElementsByTagName('*').length > MAX_SCREEN_ELEMENTS) return null;
  const html = visibleMarkup(root);
  if (!stylesheet || !html || html.length > MAX_SCREEN_CHARS) return null;
  return {
    address: `${location.pathname}${location.search}`,
    screen: {
      path: location.pathname,
      locale: i18n.locale as Locale,
      lang: document.documentElement.lang,
      title: document.title,
      supplierId,
      stylesheet,
      html,
      savedAt: Date.now(),
    },
  };
}

/**
 * Keeps the supplier's screen as it shows (src/offline/screen-store.ts), once it has stood still
 * for SETTLE_MS after a navigation, a new answer or a change of language, and only when it
 * changed. Not when the page is hidden: a browser that closes does not wait for the write, and
 * one cut short loses the snapshot kept before (measured: the next cold open had none).
 * Returns the function that stops.
 */
export function followScreens(router: AnyRouter, client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const lastKept = new Map<string, string>();
  const keep = () => {
    timer = undefined;
    const kept = capture(client);
    if (!kept || lastKept.get(kept.address) === kept.screen.html) return;
    lastKept.set(kept.address, kept.screen.html);
    saveScreen(kept.address, kept.screen).catch((error: unknown) => {
      lastKept.delete(kept.address);
      console.warn('screen not kept', error);
    });
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(keep, SETTLE_MS);
  };
  const stops = [
    router.subscribe('onResolved', schedule),
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'error')) schedule();
    }),
    i18n.on('change', schedule),
  ];
  schedule();
  return () => {
    clearTimeout(timer);
    for (const stop of stops) stop();
  };
}
