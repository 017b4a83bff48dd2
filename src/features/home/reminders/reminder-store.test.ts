import { afterEach, describe, expect, it } from 'vitest';
import { kvGet } from '@/offline/db';
import { resetPortalDb } from '@/offline/test-helpers';
import { claimReminder, readReminderRecord, reminderStoreKey, setNotifyWanted, type ReminderRecord } from './reminder-store';

afterEach(() => resetPortalDb());

const DAY = 24 * 3_600_000;

describe('reminder store', () => {
  it('lets a reminder be claimed once per supplier, even by two tabs at the same moment', async () => {
    expect(await claimReminder('s1', 'quoteDue:e1:2030-06-01T10:00:00.000Z:24h')).toBe(true);
    expect(await claimReminder('s1', 'quoteDue:e1:2030-06-01T10:00:00.000Z:24h')).toBe(false);
    // Another threshold and another supplier on this device are their own.
    expect(await claimReminder('s1', 'quoteDue:e1:2030-06-01T10:00:00.000Z:1h')).toBe(true);
    expect(await claimReminder('s2', 'quoteDue:e1:2030-06-01T10:00:00.000Z:24h')).toBe(true);

    const race = await Promise.all([claimReminder('s1', 'k'), claimReminder('s1', 'k'), claimReminder('s1', 'k')]);
    expect(race.filter(Boolean)).toHaveLength(1);
  });

  it('forgets reminders whose deadlines are long gone, and keeps the notification wish beside them', async () => {
    const now = Date.now();
    await claimReminder('s1', 'old', now - 9 * DAY);
    await claimReminder('s1', 'recent', now - DAY);
    await setNotifyWanted('s1', true);
    await claimReminder('s1', 'new', now);
    const record = await kvGet<ReminderRecord>(reminderStoreKey('s1'));
    expect(Object.keys(record!.shown).sort()).toEqual(['new', 'recent']);
    expect((await readReminderRecord('s1')).notify).toBe(true);
    expect((await readReminderRecord('s2')).notify).toBe(false);
  });
});
