import { openPortalDb } from '@/offline/db';

/**
 * What this device has reminded a supplier of, and whether that supplier asked for system
 * notifications: one record in the portal database's small-record store (kv
 * `home-reminders:<supplierId>`), so no schema version is needed. Every tab of the portal runs
 * the same timers: claiming a reminder is one read-write transaction, which IndexedDB runs one
 * at a time, so only one tab shows it.
 *
 * Kept at logout: it holds ids and deadlines, not what the records say, and a supplier who
 * logs in again must not be reminded twice of the same deadline.
 */
export interface ReminderRecord {
  /** System notifications asked for on this device (the "提醒我" button). */
  notify: boolean;
  /** Reminder key -> when it was shown (epoch ms). */
  shown: Record<string, number>;
}

export const reminderStoreKey = (supplierId: string) => `home-reminders:${supplierId}`;

/** A shown reminder is forgotten after its deadline has long passed (the longest threshold plus a week). */
const KEEP_MS = 8 * 24 * 3_600_000;

const empty = (): ReminderRecord => ({ notify: false, shown: {} });

export async function readReminderRecord(supplierId: string): Promise<ReminderRecord> {
  const db = await openPortalDb();
  return { ...empty(), ...((await db.get('kv', reminderStoreKey(supplierId))) as Partial<ReminderRecord> | undefined) };
}

/** Changes the record in one transaction (another tab may be writing it). */
async function update<T>(supplierId: string, change: (record: ReminderRecord) => { record: ReminderRecord | null; result: T }): Promise<T> {
  const db = await openPortalDb();
  const tx = db.transaction('kv', 'readwrite');
  const stored = (await tx.store.get(reminderStoreKey(supplierId))) as Partial<ReminderRecord> | undefined;
  const { record, result } = change({ ...empty(), ...stored, shown: { ...stored?.shown } });
  if (record) await tx.store.put(record, reminderStoreKey(supplierId));
  await tx.done;
  return result;
}

/**
 * True when the reminder was not shown yet on this device: it is marked shown in the same
 * transaction, so the caller (and only it) shows it. Old marks are dropped on the way.
 */
export function claimReminder(supplierId: string, key: string, now = Date.now()): Promise<boolean> {
  return update(supplierId, (record) => {
    if (record.shown[key] !== undefined) return { record: null, result: false };
    const shown = Object.fromEntries(Object.entries(record.shown).filter(([, at]) => now - at < KEEP_MS));
    return { record: { ...record, shown: { ...shown, [key]: now } }, result: true };
  });
}

export function setNotifyWanted(supplierId: string, notify: boolean): Promise<void> {
  return update(supplierId, (record) => ({ record: { ...record, notify }, result: undefined }));
}
