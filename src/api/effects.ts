/**
 * What the request layer needs from the screen: it reports outcomes, the app shell decides
 * how they look (toast, alert, navigation). Keeps `request` free of UI and router imports,
 * and lets unit tests observe every branch.
 */
export interface ApiEffects {
  /** A non-E000 answer that was not suppressed: show the server's message. */
  businessError(message: string, code: string): void;
  /** E401: session cookies are already cleared; go to login and warn with the server's message. */
  unauthorized(message: string): void;
  /** Network or HTTP failure of a call a person waits on, device online; `status` is the HTTP status, or -100 when there is none. */
  networkFailure(status: number): void;
  /** The same, while the device says it has no network: the call needs a connection. */
  needsConnection(): void;
  /** No token for a non-public call: nothing was sent (lost, when the session timed out; none, after it was ended). */
  tokenLost(): void;
}

const noop: ApiEffects = {
  businessError: () => {},
  unauthorized: () => {},
  networkFailure: () => {},
  needsConnection: () => {},
  tokenLost: () => {},
};

let current: ApiEffects = noop;

export function setApiEffects(effects: ApiEffects): void {
  current = effects;
}

export function apiEffects(): ApiEffects {
  return current;
}
