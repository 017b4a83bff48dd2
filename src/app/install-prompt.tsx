import { lazy, Suspense } from 'react';
import { isStandalone, usePwaState } from './pwa';

const InstallOffer = lazy(() => import('./install-offer'));

/** iPhone / iPad Safari: no install event, the user adds the app from the share sheet. */
function isIosSafari(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  // Chrome, Firefox, Edge and Opera on iOS say so in their user agent.
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
}

/**
 * "Install the app" where the browser allows it (DESIGN.md section 1: home-screen installs):
 * Chromium's own install dialog, or on iOS Safari how to add it from the share sheet. Nothing
 * when the portal already runs installed or the browser cannot install it; the button's code
 * loads only when there is one to show.
 */
export function InstallButton({ className = 'btn btn-secondary' }: { className?: string }) {
  const { canInstall, installed } = usePwaState();
  if (installed || isStandalone()) return null;
  const ios = !canInstall && isIosSafari();
  if (!canInstall && !ios) return null;
  return (
    <Suspense fallback={null}>
      <InstallOffer ios={ios} className={className} />
    </Suspense>
  );
}
