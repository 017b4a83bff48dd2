import { calls, type CallMeta } from '@contract/calls';
import { Code } from '@contract/codes';
import { BASE_PATH, HEADER, STORED_AT_HEADER } from '@contract/http';
import { DEFAULT_PAGE_SIZE } from '@contract/limits';
import { localeFromHeader, type Locale } from '@contract/locales';
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';

/**
 * The service worker's own store of public answers (DESIGN.md section 4): every public read of
 * the contract (notices, regions, production bases and departments, dictionaries, the gate
 * visitor's reads asked with the pass in the body) is answered network first, and each E000
 * answer is kept here, keyed by request (path and canonical body or query) and language, and
 * served with the time it was stored when the bid service cannot be reached. A public answer
 * depends on the path, the parameters and the language alone, the same whoever asks (with or
 * without a token), so it is kept whatever the headers; a supplier's own data never comes here:
 * it is not a public call.
 */
export interface StoredAnswer {
  /** `request|language`; an answer stored before the language was kept has its request as key. */
  key: string;
  /** `path|canonical parameters` (canonicalKey). */
  request: string;
  /** The request's language; absent on answers stored before it was kept. */
  language?: Locale;
  /** The response body as the bid service sent it (an E000 envelope). */
  body: string;
  /** Epoch ms. */
  storedAt: number;
}

interface PublicDb extends DBSchema {
  answers: { key: string; value: StoredAnswer; indexes: { storedAt: number; request: string } };
}

export const PUBLIC_DB_NAME = 'supplier-portal-public';
/** Version 2 added the language (and the `request` index the other languages are found by). */
const PUBLIC_DB_VERSION = 2;
/** The reference data in three languages and every page and search a user plausibly opened; the oldest go first. */
export const MAX_STORED_ANSWERS = 500;

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

/**
 * A query as the portal's query-string writes it (src/api/request.ts): `a=x`, arrays by index
 * `a[0]=x&a[1]=y`, read in index order as the bid service reads them. (Parsed here rather than
 * with query-string, which would double what the worker weighs.)
 */
function parseQuery(search: string): Record<string, unknown> {
  const plain = new Map<string, string | string[]>();
  const indexed = new Map<string, [number, string][]>();
  for (const [name, value] of new URLSearchParams(search)) {
    const item = /^(.+)\[(\d+)\]$/.exec(name);
    if (item) {
      const list = indexed.get(item[1]!) ?? [];
      indexed.set(item[1]!, [...list, [Number(item[2]), value]]);
    } else {
      const before = plain.get(name);
      plain.set(name, before === undefined ? value : [before, value].flat());
    }
  }
  for (const [name, items] of indexed)
    plain.set(
      name,
      items.sort((a, b) => a[0] - b[0]).map(([, value]) => value),
    );
  return Object.fromEntries(plain);
}

/**
 * `path|canonical JSON query` of a GET: the query parsed (arrays by index), keys sorted, values
 * as sent (on the wire they are all strings, so nothing is coerced).
 */
export function canonicalQueryKey(path: string, search: string): string {
  return `${path}|${JSON.stringify(sortKeys(parseQuery(search)))}`;
}

/** An answer's key: its request in its language. */
export const answerKey = (request: string, language: Locale) => `${request}|${language}`;

let opening: Promise<IDBPDatabase<PublicDb>> | null = null;

/**
 * Version 1 → 2, inside the upgrade's own transaction (only IndexedDB requests are awaited, so
 * it stays alive). Version 1 kept no language and keyed an answer by its request: it keeps its
 * key and is found, in whatever language it was, when nothing of the asked language is stored.
 */
async function indexByRequest(tx: IDBPTransaction<PublicDb, StoreNames<PublicDb>[], 'versionchange'>): Promise<void> {
  const store = tx.objectStore('answers');
  store.createIndex('request', 'request');
  let cursor = await store.openCursor();
  while (cursor) {
    if (!cursor.value.request) await cursor.update({ ...cursor.value, request: cursor.value.key });
    cursor = await cursor.continue();
  }
}

function db(): Promise<IDBPDatabase<PublicDb>> {
  opening ??= openDB<PublicDb>(PUBLIC_DB_NAME, PUBLIC_DB_VERSION, {
    upgrade(database, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) database.createObjectStore('answers', { keyPath: 'key' }).createIndex('storedAt', 'storedAt');
      if (oldVersion < 2) void indexByRequest(tx);
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

/**
 * The answer to this request in this language, else the newest in another (or stored before the
 * language was kept): better a label in another language than a code or nothing.
 */
export async function findAnswer(request: string, language: Locale): Promise<StoredAnswer | undefined> {
  const database = await db();
  const exact = await database.get('answers', answerKey(request, language));
  if (exact) return exact;
  const others = await database.getAllFromIndex('answers', 'request', request);
  return others.sort((a, b) => b.storedAt - a.storedAt)[0];
}

/** Stores an answer and drops the oldest beyond MAX_STORED_ANSWERS. */
export async function writeAnswer(request: string, language: Locale, body: string, storedAt = Date.now()): Promise<void> {
  const database = await db();
  const tx = database.transaction('answers', 'readwrite');
  await tx.store.put({ key: answerKey(request, language), request, language, body, storedAt });
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

/** The calls answered network first with a stored fallback: every public read of the contract. */
export const PUBLIC_READS: readonly CallMeta[] = (Object.values(calls) as CallMeta[]).filter((c) => c.public && c.read);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const READ_ROUTES = PUBLIC_READS.map((call) => ({
  method: call.method,
  pattern: new RegExp(
    `^${escapeRegExp(BASE_PATH)}(${call.path
      .split(/\{\w+\}/)
      .map(escapeRegExp)
      .join('[^/]+')})$`,
  ),
}));

/** The path under BASE_PATH when this is a public read (its method and path), else null. */
export function publicReadPath(method: string, pathname: string): string | null {
  for (const route of READ_ROUTES) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(pathname);
    if (match) return match[1]!;
  }
  return null;
}
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

async function keepIfSuccess(request: string, language: Locale, response: Response): Promise<void> {
  const text = await response.text();
  try {
    if ((JSON.parse(text) as { code?: unknown }).code !== Code.ok) return;
  } catch {
    return;
  }
  await writeAnswer(request, language, text);
}

/** The request's key (canonicalKey, canonicalQueryKey); null for a body that is not JSON. */
async function requestKeyOf(request: Request, path: string): Promise<string | null> {
  if (request.method === 'GET') return canonicalQueryKey(path, new URL(request.url).search);
  try {
    const text = await request.clone().text();
    return canonicalKey(path, text ? JSON.parse(text) : {});
  } catch {
    return null;
  }
}

/**
 * Network first: the bid service's answer when it comes within the timeout (an E000 answer is
 * stored on the way, whatever the headers); otherwise, or when it fails or answers 5xx, the
 * stored answer (findAnswer) marked with STORED_AT_HEADER. With nothing stored, the network's
 * own outcome goes through, so the screen shows its usual network error.
 */
export async function answerPublicCall(request: Request, path: string, options: AnswerOptions = {}): Promise<Response> {
  const send = options.fetch ?? ((r: Request) => fetch(r));
  const key = await requestKeyOf(request, path);
  if (key === null) return send(request);
  // The bid service labels in the language this header picks; the key follows the same rule.
  const language = localeFromHeader(request.headers.get(HEADER.language));
  const stored = () =>
    findAnswer(key, language).then(
      (hit) => (hit ? storedResponse(hit) : null),
      () => null,
    );

  const network = send(request).then((response) => {
    if (response.ok) {
      const writing = keepIfSuccess(key, language, response.clone()).catch(() => undefined);
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
    if (first !== 'timeout') return first.status >= 500 ? ((await stored()) ?? first) : first;
    return (await stored()) ?? (await network);
  } catch (error) {
    const fallback = await stored();
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
