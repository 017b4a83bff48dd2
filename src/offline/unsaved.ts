/**
 * Which forms hold input that is not sent yet. The update prompt asks here before it reloads
 * the page for a new version (DESIGN.md section 4: an update is offered, never forced on a
 * screen with unsaved work).
 */
const dirty = new Set<string>();

export function setUnsaved(key: string, isDirty: boolean): void {
  if (isDirty) dirty.add(key);
  else dirty.delete(key);
}

export function hasUnsavedWork(): boolean {
  return dirty.size > 0;
}
