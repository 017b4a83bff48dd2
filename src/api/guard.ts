import type { SessionState } from './session';

export type GuardDecision = { action: 'pass' } | { action: 'redirect'; reason: 'timedOut' | 'notLoggedIn'; to: '/login'; redirect: string };

/**
 * The route guard of SPEC.md section 4 for a non-public route: pass with a session,
 * otherwise back to /login with the original path, saying whether the session timed out.
 */
export function guardDecision(state: SessionState, originalPath: string): GuardDecision {
  if (state === 'active') return { action: 'pass' };
  return { action: 'redirect', reason: state === 'timedOut' ? 'timedOut' : 'notLoggedIn', to: '/login', redirect: originalPath };
}

/** Only same-origin, in-app paths are honoured as a redirect after login. */
export function safeRedirect(target: unknown, fallback = '/platform/home'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.startsWith('/login')) return fallback;
  return target;
}
