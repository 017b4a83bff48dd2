import { hydrate, type QueryClient } from '@tanstack/react-query';
import { SERVER_STATE_ID } from '@/prerender/shell-html';

/**
 * The reads a server-rendered screen was rendered from (src/prerender/server-entry.tsx), put in
 * the query cache before the app's first render, so that render shows the same data as the markup
 * it replaces, without asking again. Only while #root still holds that screen: where the language
 * pick emptied it (the device chose another language), the app reads in its own.
 */
export function takeServerState(client: QueryClient, root: HTMLElement | null): void {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element) return;
  element.remove();
  if (!root?.hasAttribute('data-prerendered')) return;
  try {
    hydrate(client, JSON.parse(element.textContent ?? ''));
  } catch (error) {
    // A render the app cannot read is the app's to read again.
    console.error('server state unreadable', error);
  }
}
