import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { closePortalDb, DB_NAME } from './db';

/** Unit-test helpers of the outbox (not shipped: only test files import this). */

/**
 * A fresh database per test. What the test rendered is unmounted first: a form stores its last
 * draft when it unmounts, and that write must land before the database goes, not in the next
 * test's fresh one (Testing Library's own cleanup runs after the test file's afterEach).
 */
export async function resetPortalDb(): Promise<void> {
  cleanup();
  // The unmount's writes (a draft, the outbox's bookkeeping) take a few IndexedDB steps.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await closePortalDb();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('deleteDatabase failed'));
    request.onblocked = () => resolve();
  });
}

/** jsdom's Blob does not survive structuredClone (fake-indexeddb stores `{}`); Node's does. */
export function useNodeBlobs(): void {
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('File', NodeFile);
}

const bytes = (size: number, fill = 7) => new Uint8Array(size).fill(fill);

/** A File of `size` bytes (Node's File, cloneable into fake-indexeddb). */
export const fileOf = (name: string, size: number, type = 'application/pdf') => new File([bytes(size)], name, { type });

/** The session cookies `request` and the sync engine read. */
export function logIn(supplierId: string, token = `tok-${supplierId}`): void {
  document.cookie = `token=${token}; path=/`;
  document.cookie = `auth=1; path=/`;
  document.cookie = `supplierId=${supplierId}; path=/`;
}

export function logOut(): void {
  for (const name of ['token', 'auth', 'supplierId']) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
