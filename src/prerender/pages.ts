import { COOKIE } from '@/api/session';
import { PASSES_HINT_KEY } from '@/features/visitor/passes';

/**
 * The public screens prerendered into index.html (src/prerender/shell-html.ts), the first one
 * into #root. /login is the login form, left out while a supplier is logged in on the device
 * (the screen then says "logged in as", and a form that vanishes under the typing is worse than
 * a moment without one). /visitLogin is the phone form, left out on a device holding passes (its
 * first screen is then the QR, which only the app can read from IndexedDB).
 */
export const PRERENDERED_PAGES: { path: string; unless?: string }[] = [
  // sessionState() === 'active' (src/api/session.ts): both cookies are set.
  { path: '/login', unless: `cookies:${COOKIE.auth} ${COOKIE.token}` },
  { path: '/visitLogin', unless: PASSES_HINT_KEY },
];
