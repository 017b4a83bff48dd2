import { hydrate, type QueryClient } from '@tanstack/react-query';
import { SERVER_STATE_ID } from '@/prerender/shell-html';

/**
 * The reads a server-rendered screen was rendered from (src/prerender/server-entry.tsx), put in
 * the query cache before the app's first render, so that render shows the same data as the markup
 * it replaces, without asking again. Only while #root holds that screen: where the language pick
 * emptied it or showed the build's page in the device's language, the app reads in its own.
 */
export function takeServerState(client: QueryClient, root: HTMLElement | null): void {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element) return;
  element.remove();
  // The render is on view: the pick kept it (a template in another language sets <html lang> to its own).
  if (!root?.hasAttribute('data-prerendered') || document.documentElement.lang !== element.dataset.lang) return;
  try {
    hydrate(client, JSON.parse(element.textContent ?? ''));
  } catch (error) {
    // A render the app cannot read is the app's to read again.
    console.error('server state unreadable', error);
  }
}
