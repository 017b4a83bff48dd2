import { afterEach, describe, expect, it } from 'vitest';
import { closePortalDb, openPortalDb, supplierOwner } from './db';
import { outboxHasEntries } from './on-demand';
import { enqueue } from './outbox';

const databases = async () => (await indexedDB.databases()).map((d) => d.name);

afterEach(async () => {
  await closePortalDb();
  await new Promise((resolve) => {
    const req = indexedDB.deleteDatabase('supplier-portal');
    req.onsuccess = req.onerror = req.onblocked = resolve;
  });
});

describe('outboxHasEntries (the probe that decides whether the sync engine loads)', () => {
  it('answers false without creating the database on a device that never queued anything', async () => {
    expect(await outboxHasEntries()).toBe(false);
    expect(await databases()).not.toContain('supplier-portal');
    // The real schema can still be created afterwards.
    await openPortalDb();
    expect(await outboxHasEntries()).toBe(false);
  });

  it('answers true once an entry waits', async () => {
    await enqueue({ owner: supplierOwner('s1'), thread: 't', call: 'communicationSave', payload: { topic: 'x' }, summary: 'x' });
    expect(await outboxHasEntries()).toBe(true);
  });
});
