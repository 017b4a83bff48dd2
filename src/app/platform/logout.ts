import { calls } from '@contract/calls';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '@/api/request';
import { clearSession, getUsername } from '@/api/session';
import { confirmDialog } from '@/ui/confirm';
import { toast } from '@/ui/toast';

/** A logout should not keep the user waiting for a slow bid service. */
const LOGOUT_TIMEOUT_MS = 8000;

/** Asks first, tells the bid service (its failure changes nothing here), then forgets the session. Answers whether it logged out. */
export async function logout(queryClient: QueryClient): Promise<boolean> {
  const ok = await confirmDialog({
    title: i18n._(msg`退出登录`),
    message: i18n._(msg`确定要退出登录吗？`),
    confirmLabel: i18n._(msg`退出登录`),
  });
  if (!ok) return false;
  const username = getUsername();
  if (username) {
    await request(calls.supplierLogout, { username }, { suppressError: true, timeoutMs: LOGOUT_TIMEOUT_MS }).catch(() => undefined);
  }
  clearSession();
  queryClient.clear();
  toast.success(i18n._(msg`已退出登录`));
  return true;
}
