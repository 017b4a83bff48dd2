import { Code } from '@contract/codes';
import { HEADER, STORED_AT_HEADER } from '@contract/http';
import { DEFAULT_PAGE_SIZE } from '@contract/limits';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The service worker's own store of public answers (DESIGN.md section 4): the public lists and
 * details are POST calls the Cache API cannot key, so each E000 answer is kept here, keyed by
 * path and canonical body, and served with the time it was stored when the bid service cannot
 * be reached. It holds public data only: nothing sent with a token is ever written.
 */
export interface StoredAnswer {
  key: string;
  /** The response body as the bid service sent it (an E000 envelope). */
  body: string;
  /** Epoch ms. */
  storedAt: number;
}

interface PublicDb extends DBSchema {
  answers: { key: string; value: StoredAnswer; indexes: { storedAt: number } };
}

export const PUBLIC_DB_NAME = 'supplier-portal-public';
/** Enough for every page and search a visitor plausibly opened; the oldest go first. */
export const MAX_STORED_ANSWERS = 300;

/** Defaults of the calls' bodies, filled in so `{}` and `{ pageNo: 1 }` are the same request. */
const DEFAULTS: Record<string, Record<string, unknown>> = {
  '/business/listByPage': { bindOrPurchase: 0, pageNo: 1, pageSize: DEFAULT_PAGE_SIZE },
};

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * `path|canonical JSON body`: keys sorted, defaults filled, strings trimmed and empty ones
 * dropped (the portal leaves out an empty search), numeric strings read as numbers (the bid
 * service coerces them), so the same request always finds the same answer.
 */
export function canonicalKey(path: string, body: unknown): string {
  const given = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = { ...DEFAULTS[path] };
  for (const [k, v] of Object.entries(given)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string') {
      const s = v.trim();
      if (s === '') continue;
      merged[k] = /^-?\d+(\.\d+)?$/.test(s) && k !== 'searchContent' && k !== 'id' ? Number(s) : s;
    } else merged[k] = v;
  }
  return `${path}|${JSON.stringify(sortKeys(merged))}`;
}

let opening: Promise<IDBPDatabase<PublicDb>> | null = null;

function db(): Promise<IDBPDatabase<PublicDb>> {
  opening ??= openDB<PublicDb>(PUBLIC_DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('answers', { keyPath: 'key' }).createIndex('storedAt', 'storedAt');
    },
    blocking() {
      void opening?.then((d) => d.close());
      opening = null;
    },
  });
  return opening;
}

export async function readAnswer(key: string): Promise<StoredAnswer | undefined> {
  return (await db()).get('answers', key);
}

/** Stores an answer and drops the oldest beyond MAX_STORED_ANSWERS. */
export async function writeAnswer(key: string, body: string, storedAt = Date.now()): Promise<void> {
  const database = await db();
  const tx = database.transaction('answers', 'readwrite');
  await tx.store.put({ key, body, storedAt });
  const excess = (await tx.store.count()) - MAX_STORED_ANSWERS;
  if (excess > 0) {
    let cursor = await tx.store.index('storedAt').openCursor();
    for (let i = 0; i < excess && cursor; i++) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  await tx.done;
}

/** The public calls answered network-first with a stored fallback (paths under BASE_PATH). */
export const PUBLIC_PATHS = ['/business/listByPage', '/business/getById'] as const;
/** How long the network gets before a stored answer is served instead. */
const NETWORK_TIMEOUT_MS = 4000;

export interface AnswerOptions {
  fetch?: (request: Request) => Promise<Response>;
  timeoutMs?: number;
  /** Keeps the worker alive while an answer is written (FetchEvent.waitUntil). */
  waitUntil?: (work: Promise<unknown>) => void;
}

function storedResponse(stored: StoredAnswer): Response {
  return new Response(stored.body, {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', [STORED_AT_HEADER]: new Date(stored.storedAt).toISOString() },
  });
}

async function keepIfSuccess(key: string, response: Response): Promise<void> {
  const text = await response.text();
  try {
    if ((JSON.parse(text) as { code?: unknown }).code !== Code.ok) return;
  } catch {
    return;
  }
  await writeAnswer(key, text);
}

const stored = (key: string) => readAnswer(key).then((hit) => (hit ? storedResponse(hit) : null), () => null);

/**
 * Network first: the bid service's answer when it comes within the timeout (an E000 answer to a
 * call without a token is stored on the way); otherwise, or when it fails or answers 5xx, the
 * stored answer marked with STORED_AT_HEADER. With nothing stored, the network's own outcome
 * goes through, so the screen shows its usual network error.
 */
export async function answerPublicCall(request: Request, path: string, options: AnswerOptions = {}): Promise<Response> {
  const send = options.fetch ?? ((r: Request) => fetch(r));
  let body: unknown;
  try {
    const text = await request.clone().text();
    body = text ? JSON.parse(text) : {};
  } catch {
    return send(request);
  }
  const key = canonicalKey(path, body);
  const storable = !request.headers.has(HEADER.token);

  const network = send(request).then((response) => {
    if (storable && response.ok) {
      const writing = keepIfSuccess(key, response.clone()).catch(() => undefined);
      options.waitUntil?.(writing);
    }
    return response;
  });
  // Answered late (after the stored answer went out): still stored, never an unhandled rejection.
  network.catch(() => undefined);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs ?? NETWORK_TIMEOUT_MS);
  });
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== 'timeout') return first.status >= 500 ? ((await stored(key)) ?? first) : first;
    return (await stored(key)) ?? (await network);
  } catch (error) {
    const fallback = await stored(key);
    if (fallback) return fallback;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Tests start from an empty store. */
export async function closePublicStore(): Promise<void> {
  const database = await opening;
  database?.close();
  opening = null;
}
