import { calls } from '@contract/calls';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '@/api/request';
import { clearSession, getSupplierId, getUsername } from '@/api/session';
import { supplierOwner } from '@/offline/db';
import { confirmDialog } from '@/ui/confirm';
import { toast } from '@/ui/toast';

/** A logout should not keep the user waiting for a slow bid service. */
const LOGOUT_TIMEOUT_MS = 8000;

/**
 * Entries of this supplier still waiting on this device (0 when IndexedDB cannot tell). The
 * outbox module loads here, at the click, not with the platform layout's first render.
 */
async function pendingOf(supplierId: string | undefined): Promise<number> {
  if (!supplierId) return 0;
  const entries = await import('@/offline/outbox').then((m) => m.listEntries([supplierOwner(supplierId)])).catch(() => []);
  return entries.length;
}

/**
 * Asks first (saying what still waits to be sent: it stays on this device for this supplier and
 * goes at the next login), tells the bid service (its failure changes nothing here), then
 * forgets the session and the supplier's stored reads. Answers whether it logged out.
 */
export async function logout(queryClient: QueryClient): Promise<boolean> {
  const supplierId = getSupplierId();
  const pending = await pendingOf(supplierId);
  const ok = await confirmDialog({
    title: i18n._(msg`退出登录`),
    message:
      pending > 0
        ? i18n._(msg`还有 ${pending} 条待发送的内容。退出后它们会保留在本设备上，该供应商账号再次登录后继续发送。确定要退出登录吗？`)
        : i18n._(msg`确定要退出登录吗？`),
    confirmLabel: i18n._(msg`退出登录`),
    danger: pending > 0,
  });
  if (!ok) return false;
  const username = getUsername();
  if (username) {
    // In the background: nobody waits on it, and offline it must not say the logout needs a connection.
    await request(calls.supplierLogout, { username }, { background: true, timeoutMs: LOGOUT_TIMEOUT_MS }).catch(() => undefined);
  }
  clearSession();
  queryClient.clear();
  // The supplier's own lists kept for offline reading go with the session (loaded lazily, like their restore).
  if (supplierId) {
    await import('@/app/query-persist')
      .then((m) => m.wipePersistedQueries(supplierId))
      .catch((error: unknown) => console.error('persisted queries not wiped', error));
  }
  toast.success(i18n._(msg`已退出登录`));
  return true;
}
