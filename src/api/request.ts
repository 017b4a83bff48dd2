import { Code, type Envelope } from '@contract/codes';
import { fillPath, type CallMeta, type CallName } from '@contract/calls';
import type { RequestOf, ResponseOf } from '@contract/endpoints';
import { BASE_PATH, HEADER, NO_STATUS, REASON_HEADER, REQUEST_TIMEOUT_MS, STORED_AT_HEADER } from '@contract/http';
import queryString from 'query-string';
import { apiEffects, type ApiEffects } from './effects';
import { ApiError } from './errors';
import { getLanguage } from './language';
import { deviceOnline, networkFailureEffect } from './network-policy';
import { reportAnswered } from './reachability';
import { clearSession, getSupplierId, getToken } from './session';

export interface RequestOptions {
  /** Values for `{param}` segments of the path. */
  params?: Record<string, string>;
  /** Don't show the error toast for a non-E000 answer (the caller shows it in place). */
  suppressError?: boolean;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` on writes that may be sent twice. */
  idempotencyKey?: string;
  timeoutMs?: number;
  /** Where the bid service lives; the default is the configured one. */
  baseUrl?: string;
  /**
   * A call the sync engine makes on its own, not one the user is waiting for: no toast, no
   * alert, no redirect, and an E401 leaves the session to the next call the user makes (the
   * outbox pauses the owner's entries instead). The error is thrown all the same.
   */
  background?: boolean;
  /** Sees the raw response before its body is read (e.g. the worker's stored-at header). */
  onResponse?: (response: Response) => void;
}

const silent: ApiEffects = {
  businessError: () => {},
  unauthorized: () => {},
  networkFailure: () => {},
  needsConnection: () => {},
  tokenLost: () => {},
};

/** One base URL for the whole portal: same origin by default, another bid service by build configuration. */
export const API_BASE_URL: string = `${(import.meta.env?.VITE_BID_SERVICE_URL as string | undefined) ?? ''}${BASE_PATH}`;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Query and form encoding: arrays by index (`a[0]=x`), keys in the payload's order. */
const encode = (payload: unknown) =>
  queryString.stringify((payload ?? {}) as Record<string, unknown>, { arrayFormat: 'index', sort: false });

function buildBody(endpoint: CallMeta, payload: unknown): BodyInit | undefined {
  if (endpoint.body === 'multipart') return payload as FormData;
  if (endpoint.body === 'form') return new URLSearchParams(encode(payload));
  return JSON.stringify(payload ?? {});
}

function buildHeaders(endpoint: CallMeta, token: string | undefined, options: RequestOptions): Headers {
  const headers = new Headers({ [HEADER.language]: getLanguage(), Accept: 'application/json' });
  if (token) headers.set(HEADER.token, token);
  const supplierId = getSupplierId();
  if (token && supplierId) headers.set(HEADER.supplierId, supplierId);
  if (options.idempotencyKey) headers.set(HEADER.idempotencyKey, options.idempotencyKey);
  // The bid service logs the call under this id: a failing call can be found in its log.
  headers.set(HEADER.requestId, crypto.randomUUID());
  if (BODY_METHODS.has(endpoint.method)) {
    if (endpoint.body === 'form') headers.set('Content-Type', 'application/x-www-form-urlencoded');
    else if (endpoint.body !== 'multipart') headers.set('Content-Type', 'application/json');
    // multipart: the browser sets the boundary itself.
  }
  return headers;
}

function fail(error: ApiError): never {
  throw error;
}

/**
 * The one request function (SPEC.md sections 7 and 8): base path, credentials, 50 s timeout,
 * token / supplier / language headers, the envelope, E000 and E401, toasts and alerts.
 * It takes a call of `contract/calls.ts` and is typed by the call's name, so no schema
 * (and no zod) is loaded to make a request.
 */
export async function request<N extends CallName>(
  endpoint: CallMeta & { name: N },
  payload: RequestOf<N>,
  options: RequestOptions = {},
): Promise<ResponseOf<N>> {
  const effects = options.background ? silent : apiEffects();
  /** A network or HTTP failure, shown as the policy says (src/api/network-policy.ts), then thrown. */
  const networkFailure: (status: number, message: string) => never = (status, message) => {
    const effect = networkFailureEffect(endpoint, options, deviceOnline());
    if (effect === 'alert') effects.networkFailure(status);
    else if (effect === 'offline') effects.needsConnection();
    fail(new ApiError('network', message, { status }));
  };
  const token = getToken();
  if (!endpoint.public && !token) {
    effects.tokenLost();
    fail(new ApiError('tokenLost', 'Token Lost, Please Log In Again!'));
  }

  let url = `${options.baseUrl ?? API_BASE_URL}${fillPath(endpoint.path, options.params)}`;
  const hasBody = BODY_METHODS.has(endpoint.method);
  if (!hasBody && payload && typeof payload === 'object') {
    const query = encode(payload);
    if (query) url += `?${query}`;
  }

  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      credentials: 'include',
      headers: buildHeaders(endpoint, token, options),
      body: hasBody ? buildBody(endpoint, payload) : undefined,
      signal,
    });
  } catch (cause) {
    // A caller's own abort is not a failure to report.
    if (options.signal?.aborted) throw cause;
    networkFailure(NO_STATUS, 'Network request failed');
  }

  options.onResponse?.(response);
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!response.ok && !contentType.includes('application/json')) networkFailure(response.status, `HTTP ${response.status}`);
  // The bid service answered (the worker's stored answers say so in a header of their own).
  if (!response.headers.has(STORED_AT_HEADER)) reportAnswered();
  if (endpoint.binary && response.ok && !contentType.includes('application/json')) {
    return (await response.blob()) as ResponseOf<N>;
  }

  let envelope: Envelope;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    networkFailure(response.ok ? NO_STATUS : response.status, 'Malformed response');
  }

  if (envelope.code === Code.ok) return envelope.data as ResponseOf<N>;

  if (envelope.code === Code.unauthorized) {
    if (!options.background) clearSession();
    effects.unauthorized(envelope.message);
    fail(
      new ApiError('unauthorized', envelope.message, {
        code: envelope.code,
        status: response.status,
        data: envelope.data,
        reason: response.headers.get(REASON_HEADER),
      }),
    );
  }

  if (!options.suppressError) effects.businessError(envelope.message, envelope.code);
  fail(
    new ApiError('business', envelope.message, {
      code: envelope.code,
      status: response.status,
      data: envelope.data,
      reason: response.headers.get(REASON_HEADER),
    }),
  );
}
