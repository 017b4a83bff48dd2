/** Base path of every bid-service call (SPEC.md section 7). */
export const BASE_PATH = '/bid-web/bid-service';

/**
 * The session lives in the cookies SPEC.md section 3 names. `token` expires with the token;
 * `auth` outlives it, which is how the route guard tells a timed-out session from none. The bid
 * service never reads them to authorize; it looks only at which are set, to serve a logged-in
 * supplier the screen the portal renders (server/render/server-render.ts).
 */
export const COOKIE = {
  auth: 'auth',
  token: 'token',
  username: 'username',
  userid: 'userid',
  supplierId: 'supplierId',
  supplierCode: 'supplierCode',
  supplierInfo: 'supplierInfo',
  loginInfo: 'loginInfo',
} as const;

/**
 * Header names in one place so they can follow a deployed bid service.
 * The token travels in a header, never in a cookie the server reads.
 */
export const HEADER = {
  token: 'X-Access-Token',
  supplierId: 'X-Supplier-Id',
  language: 'Accept-Language',
  idempotencyKey: 'Idempotency-Key',
  /** One per call from the portal; the bid service logs every line of the request with it and answers it back. */
  requestId: 'X-Request-Id',
} as const;

/**
 * On every answer that is not E000: the message key of the answer (contract/messages, e.g.
 * `inProgress`, `roundChanged`), so the portal acts on what the answer means, never on its
 * translated text. The envelope's shape stays the specification's.
 */
export const REASON_HEADER = 'X-Reason';

export const REQUEST_TIMEOUT_MS = 50_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Status shown in the network-failure alert when there is no HTTP status at all. */
export const NO_STATUS = -100;

/** The tus endpoint for resumable uploads (DESIGN.md section 4), under BASE_PATH. */
export const TUS_PATH = '/file/tus';
/** tus chunk size: each PATCH carries at most this much, so a drop loses at most one chunk. */
export const TUS_CHUNK_BYTES = 1024 * 1024;

/**
 * Set by the service worker on a public list or detail it answered from its store because
 * the bid service could not be reached: when that answer was stored (ISO 8601).
 */
export const STORED_AT_HEADER = 'X-Offline-Stored-At';
