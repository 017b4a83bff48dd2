/**
 * Which forms hold input that is not sent yet. The update prompt asks here before it reloads
 * the page for a new version (DESIGN.md section 4: an update is offered, never forced on a
 * screen with unsaved work).
 */
const dirty = new Set<string>();
const listeners = new Set<() => void>();

export function setUnsaved(key: string, isDirty: boolean): void {
  const had = dirty.has(key);
  if (isDirty) dirty.add(key);
  else dirty.delete(key);
  if (had !== isDirty) listeners.forEach((listener) => listener());
}

export function hasUnsavedWork(): boolean {
  return dirty.size > 0;
}

/** Called when the answer of hasUnsavedWork() may have changed. */
export function onUnsavedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
