import type { AnyRouter } from '@tanstack/react-router';

/**
 * After the app moves to another screen (a login, a link, a redirect), focus that fell to the
 * body (the control that had it is gone with the screen before) goes to the main content
 * (`#main`, tabIndex -1, src/routes/__root.tsx): a keyboard or screen reader user goes on from
 * the new screen, not from the top of the document. Focus a person or a screen put somewhere
 * (a field, a dialog) stays where it is. Returns the function that stops.
 */
export function focusMainOnNavigation(router: AnyRouter): () => void {
  return router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
    if (!fromLocation || !pathChanged) return;
    // After the new screen's commit: a screen that focuses a field of its own has done so.
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (focused && focused !== document.body) return;
      document.getElementById('main')?.focus({ preventScroll: true });
    });
  });
}
