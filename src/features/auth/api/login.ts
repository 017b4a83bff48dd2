import { calls } from '@contract/calls';
import type { LoginRequest, Supplier } from '@contract/schemas/supplier';
import { request } from '@/api/request';
import { clearSession, saveLogin, setSupplierInfo } from '@/api/session';
import { ensureSyncEngine } from '@/offline/on-demand';

/**
 * Logs in, stores the session cookies, then runs the session check (SPEC.md section 4) so the
 * supplier info cookie holds the status the menus are gated by. Errors are left to the form.
 */
export async function login(credentials: LoginRequest): Promise<Supplier> {
  const session = await request(calls.supplierLogin, credentials, { suppressError: true });
  saveLogin(session);
  try {
    const supplier = await request(calls.supplierGetByToken, {}, { suppressError: true });
    setSupplierInfo(supplier);
    // Entries this supplier wrote before its session ended wait paused in the outbox: send them now.
    // The sync engine is a lazy chunk; logging in never waits for it.
    void ensureSyncEngine()
      .then((engine) => engine.notifyLogin(session.supplierId))
      .catch((error: unknown) => console.error('outbox resume failed', error));
    return supplier;
  } catch (error) {
    // A half-made session would pass the guard without supplier info; start clean instead.
    clearSession();
    throw error;
  }
}
