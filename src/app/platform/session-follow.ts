import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { readSession, type SupplierSession } from '@/api/session';
import { sessionQueryOptions } from '@/api/session-query';

/**
 * The platform screens work with the session the guard read (the route context `session`);
 * the cookies can change under them in another tab: a logout, a login as another supplier, or
 * the same supplier again with a new status (after approval). When this tab is back (shown or
 * focused) and the cookies no longer hold the context's supplier and status, the guard runs
 * again (`router.invalidate()`): without a session to /login, otherwise with a fresh session
 * check into a new context.
 */
export function useSessionFollow(session: SupplierSession): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      const current = readSession();
      if (current && current.supplierId === session.supplierId && current.status === session.status) return;
      // The cached check answered for the earlier login: ask again.
      if (current) queryClient.removeQueries({ queryKey: sessionQueryOptions(current.supplierId).queryKey, exact: true });
      void router.invalidate();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [router, queryClient, session.supplierId, session.status]);
}
