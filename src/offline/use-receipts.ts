import type { Receipt } from '@contract/schemas/receipt';
import { useEffect, useState } from 'react';
import { calls } from '@contract/calls';
import { request } from '@/api/request';
import { getSupplierId, getToken } from '@/api/session';
import { supplierOwner, type OwnerKey } from './db';
import { onChange } from './events';
import { keepReceipts, keptReceipts, type KeptReceipt } from './receipts';

const loggedInOwner = (): OwnerKey | null => {
  const supplierId = getSupplierId();
  return supplierId && getToken() ? supplierOwner(supplierId) : null;
};

let keysRead = false;

/**
 * Reads the published receipt keys once per page load where receipts are on screen: a public
 * read, so the service worker keeps the answer, and /verify checks these receipts offline later.
 */
function readReceiptKeysOnce(): void {
  if (keysRead) return;
  keysRead = true;
  void request(calls.receiptKeys, {}, { background: true, suppressError: true }).catch(() => {
    keysRead = false;
  });
}

/** Keeps the receipts a record's screen shows, for the logged-in supplier (a no-op for none). */
export function useKeepReceipts(receipts: readonly Receipt[]): void {
  const jwsList = receipts.map((receipt) => receipt.jws).join(' ');
  useEffect(() => {
    const owner = loggedInOwner();
    if (!owner || receipts.length === 0) return;
    void keepReceipts(owner, receipts).catch(() => undefined);
    readReceiptKeysOnce();
    // The list's identity changes with every render of a record; its receipts are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jwsList]);
}

/** The logged-in supplier's kept receipts, live: read again whenever the outbox changes (an entry sent, in any tab). */
export function useKeptReceipts(): { receipts: KeptReceipt[]; loaded: boolean } {
  const [state, setState] = useState<{ receipts: KeptReceipt[]; loaded: boolean }>({ receipts: [], loaded: false });
  useEffect(() => {
    let live = true;
    const read = () => {
      const owner = loggedInOwner();
      void (owner ? keptReceipts(owner) : Promise.resolve([])).then(
        (receipts) => {
          if (receipts.length > 0) readReceiptKeysOnce();
          if (live) setState({ receipts, loaded: true });
        },
        () => live && setState({ receipts: [], loaded: true }),
      );
    };
    read();
    const stop = onChange(read);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return state;
}
