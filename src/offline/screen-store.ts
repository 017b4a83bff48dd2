import type { ScreenSnapshot } from '@/prerender/shell-html';
import { kvDeleteKeys, kvEntries, kvGet, kvSetMany } from './db';

/**
 * The last render of a supplier's screens on this device, for a cold open (DESIGN.md sections 4
 * and 7): the page keeps each screen's markup here (src/offline/screen-snapshots.ts) and the
 * service worker puts it into the app shell it answers the address with (src/offline/sw.ts), so
 * the screen paints from the document itself, before any of the app's JavaScript has run.
 * In the portal's IndexedDB (kv records `screen:<address>`, and `screen-meta:<address>` with whose
 * and when, read without the markup): Cache Storage lost a snapshot written a few seconds before
 * the browser closed (measured); an IndexedDB write is on disk once its transaction completes.
 * What a snapshot holds is what the supplier's stored reads hold, and it goes with them
 * (src/app/query-persist.ts): at logout, at a timed-out session, and when another supplier opens
 * the platform area on this device.
 */
const SCREEN = 'screen:';
const META = 'screen-meta:';
/** The screens a supplier works in, a few records of each; the oldest go first. */
export const MAX_SCREENS = 20;
/** A snapshot lives as long as the stored reads it was rendered from. */
export const STORED_READS_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** A bigger render is not kept (a list of hundreds of rows): parsing it would cost what it saves. */
export const MAX_SCREEN_CHARS = 400_000;

interface ScreenMeta {
  supplierId: string;
  savedAt: number;
}

function isSnapshot(value: unknown): value is ScreenSnapshot {
  const screen = value as Partial<Record<keyof ScreenSnapshot, unknown>> | null | undefined;
  return (
    typeof screen?.path === 'string' &&
    typeof screen.locale === 'string' &&
    typeof screen.lang === 'string' &&
    typeof screen.title === 'string' &&
    typeof screen.supplierId === 'string' &&
    typeof screen.stylesheet === 'string' &&
    typeof screen.html === 'string' &&
    typeof screen.savedAt === 'number'
  );
}

/** The snapshot of `address` (path and search), when one young enough is kept for its path. */
export async function readScreen(address: string, now = Date.now()): Promise<ScreenSnapshot | null> {
  const screen = await kvGet<unknown>(SCREEN + address);
  if (!isSnapshot(screen) || address.split('?')[0] !== screen.path || now - screen.savedAt > STORED_READS_MAX_AGE_MS) return null;
  return screen;
}

/** Keeps `screen` as the snapshot of `address`; beyond MAX_SCREENS the oldest go. */
export async function saveScreen(address: string, screen: ScreenSnapshot): Promise<void> {
  const meta: ScreenMeta = { supplierId: screen.supplierId, savedAt: screen.savedAt };
  await kvSetMany([
    { key: SCREEN + address, value: screen },
    { key: META + address, value: meta },
  ]);
  const kept = await kvEntries<ScreenMeta>(META);
  if (kept.length <= MAX_SCREENS) return;
  kept.sort((a, b) => (a.value?.savedAt ?? 0) - (b.value?.savedAt ?? 0));
  await dropAddresses(kept.slice(0, kept.length - MAX_SCREENS).map(({ key }) => key.slice(META.length)));
}

const dropAddresses = (addresses: string[]) => kvDeleteKeys(addresses.flatMap((address) => [SCREEN + address, META + address]));

/** Deletes every snapshot, or every one not of `keep`'s supplier. */
export async function dropScreens(keep?: string): Promise<void> {
  if (keep === undefined) return kvDeleteKeys([{ prefix: SCREEN }, { prefix: META }]);
  const others = (await kvEntries<ScreenMeta>(META)).filter(({ value }) => value?.supplierId !== keep);
  if (others.length) await dropAddresses(others.map(({ key }) => key.slice(META.length)));
}
