import { PASSES_HINT_KEY } from '@/features/visitor/passes';

/**
 * The public screens prerendered into index.html (src/prerender/shell-html.ts), the first one
 * into #root. /visitLogin is the phone form, left out on a device holding passes (its first
 * screen is then the QR, which only the app can read from IndexedDB).
 */
export const PRERENDERED_PAGES: { path: string; unless?: string }[] = [{ path: '/login' }, { path: '/visitLogin', unless: PASSES_HINT_KEY }];
