import { openPortalDb, type OwnerKey } from './db';

/**
 * Form drafts in IndexedDB, per owner and form, so a reload, a crash or a lost connection
 * never costs what was typed. A draft of one account is never offered to another.
 */
const draftKey = (owner: OwnerKey, formKey: string) => `${owner}|${formKey}`;

export interface Draft<T> {
  values: T;
  savedAt: number;
}

export async function saveDraft<T>(owner: OwnerKey, formKey: string, values: T): Promise<number> {
  const savedAt = Date.now();
  await (await openPortalDb()).put('drafts', { key: draftKey(owner, formKey), values, savedAt });
  return savedAt;
}

export async function loadDraft<T>(owner: OwnerKey, formKey: string): Promise<Draft<T> | null> {
  const record = await (await openPortalDb()).get('drafts', draftKey(owner, formKey));
  return record ? { values: record.values as T, savedAt: record.savedAt } : null;
}

export async function deleteDraft(owner: OwnerKey, formKey: string): Promise<void> {
  await (await openPortalDb()).delete('drafts', draftKey(owner, formKey));
}

/** Every draft of one owner (e.g. a visitor removing their pass from the device). */
export async function deleteDraftsOf(owner: OwnerKey): Promise<void> {
  const db = await openPortalDb();
  const range = IDBKeyRange.bound(`${owner}|`, `${owner}|\uffff`);
  await db.delete('drafts', range);
}
