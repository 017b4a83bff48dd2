/**
 * The last element outside a dialog that had focus, followed from the app's start (src/main.tsx
 * calls followFocus) so that a dialog loaded later knows it too. A control its caller disables as
 * it opens a dialog (a busy button) loses focus to the body before the dialog is up: that control
 * is still the one the dialog gives focus back to (src/ui/dialog.tsx).
 */
let lastFocused: HTMLElement | null = null;
let following = false;

export function followFocus(): void {
  if (following || typeof document === 'undefined') return;
  following = true;
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement && !event.target.closest('dialog')) lastFocused = event.target;
  });
}

/** What opened a dialog: the focused element, or, when focus fell to the body, the last one that had it. */
export function openerOf(focused: Element | null): HTMLElement | null {
  if (focused instanceof HTMLElement && focused !== document.body) return focused;
  return lastFocused && document.contains(lastFocused) ? lastFocused : null;
}
