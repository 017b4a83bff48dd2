import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import { queryClient } from './query-client';

/** Chromium's install offer (not in TypeScript's DOM lib). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  /** A new version is installed and waits for the user's go-ahead (update-prompt.tsx). */
  updateWaiting: boolean;
  /** The browser offered an install we can trigger from a button (install-prompt.tsx). */
  canInstall: boolean;
  /** Installed during this visit. */
  installed: boolean;
}

const UPDATE_CHECK_MS = 60 * 60_000;

let state: PwaState = { updateWaiting: false, canInstall: false, installed: false };
let workbox: Workbox | null = null;
let installOffer: BeforeInstallPromptEvent | null = null;
/** Another tab let the new version take over: this tab runs the old code until it reloads. */
let updateActive = false;
/** This tab asked the waiting version to take over: reload when it does. */
let reloadRequested = false;
const listeners = new Set<() => void>();

function setState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

// The offer comes early, often before the screen that shows the button has loaded: keep it.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installOffer = event as BeforeInstallPromptEvent;
    setState({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    installOffer = null;
    setState({ canInstall: false, installed: true });
  });
}

/** Shows the browser's install dialog; answers whether the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const offer = installOffer;
  if (!offer) return false;
  // An offer can be used once.
  installOffer = null;
  setState({ canInstall: false });
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  return outcome === 'accepted';
}

/** Running as an installed app (home screen, app window). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Lets the waiting version take over, then reloads into it (only ever on the user's word). */
export function applyUpdate(): void {
  if (updateActive) return window.location.reload();
  reloadRequested = true;
  workbox?.messageSkipWaiting();
}

/** Registers the service worker in production builds only (the dev server serves no worker). */
export function registerServiceWorker(): Workbox | null {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const wb = new Workbox('/sw.js');
  workbox = wb;
  // Also fires at start when a version was already waiting from an earlier visit.
  wb.addEventListener('waiting', () => setState({ updateWaiting: true }));
  wb.addEventListener('controlling', (event) => {
    if (reloadRequested) return window.location.reload();
    // First install: the public lists on screen were fetched before the worker could store
    // them; ask again through it so they are there offline next time.
    if (!event.isUpdate) return void queryClient.refetchQueries({ queryKey: ['bids'], type: 'active' });
    // Another tab let the new version take over: offer the reload here too.
    updateActive = true;
    setState({ updateWaiting: true });
  });
  void wb.register().catch((error: unknown) => console.warn('service worker registration failed', error));
  // A tab left open for days still hears of a new version (the browser alone checks on navigation).
  setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
  return wb;
}
