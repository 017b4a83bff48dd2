import type { SessionState, SupplierSession } from './session';

export type GuardDecision =
  | { action: 'pass'; session: SupplierSession }
  | { action: 'redirect'; reason: 'timedOut' | 'notLoggedIn' | 'incomplete'; to: '/login'; redirect: string };

/**
 * The route guard of SPEC.md section 4 for a non-public route: pass with a session, handing
 * it on, otherwise back to /login with the original path, saying whether the session timed out
 * or its cookies are incomplete (logged in, but a part the screens need is missing).
 */
export function guardDecision(state: SessionState, session: SupplierSession | null, originalPath: string): GuardDecision {
  if (state === 'active' && session) return { action: 'pass', session };
  const reason = state === 'active' ? 'incomplete' : state === 'timedOut' ? 'timedOut' : 'notLoggedIn';
  return { action: 'redirect', reason, to: '/login', redirect: originalPath };
}

/** Only same-origin, in-app paths are honoured as a redirect after login. */
export function safeRedirect(target: unknown, fallback = '/platform/home'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.startsWith('/login')) return fallback;
  return target;
}
