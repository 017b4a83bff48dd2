import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import { BASE_PATH, HEADER } from '../../contract/http';
import { buildApp, type AppOptions } from '../app';
import { createPgDb } from '../db/db';
import { migrate } from '../db/migrate';
import { DEMO_ACCOUNTS, seedDemo } from '../seed';
import { demoCreditCode } from '../seed/suppliers';
import type { VerificationMessage } from '../notify/notifier';
import { runOperatorAction } from '../services/operator-actions';
import { testDb } from './engine';

export interface Envelope<T = unknown> {
  code: string;
  message: string;
  data: T;
}

type CountedTable =
  | 'suppliers'
  | 'files'
  | 'sessions'
  | 'notices'
  | 'communications'
  | 'communication_replies'
  | 'visitor_persons'
  | 'visitors'
  | 'idempotency_keys'
  | 'tus_uploads'
  | 'tender_records'
  | 'tender_deposits'
  | 'tender_bids'
  | 'tender_refunds'
  | 'tender_results'
  | 'enquiries'
  | 'enquiry_rounds'
  | 'enquiry_quotes'
  | 'receipts'
  | 'notice_questions'
  | 'enquiry_quote_lines';

export interface CallOptions {
  token?: string;
  supplierId?: string;
  lang?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * One app per test file: an in-memory PGlite (or a schema of its own on PostgreSQL, see
 * ./engine.ts) with the real migration files applied and the demo
 * data seeded, a temporary data directory, a settable clock and an inbox for verification codes.
 * Requests go through `app.inject`, no port is opened.
 */
export async function build(options: Partial<AppOptions> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bid-service-test-'));
  const { db, drop, url: databaseUrl } = await testDb();
  await migrate(db);
  const clock = { now: new Date() };
  const inbox: VerificationMessage[] = [];
  const app: FastifyInstance = await buildApp({
    dataDir,
    db,
    migrate: false,
    logLevel: 'silent',
    listCacheMs: 0,
    // Every success answer of every server test is checked against the contract.
    checkResponses: true,
    now: () => new Date(clock.now),
    notifier: { sendCode: async (m) => void inbox.push(m) },
    // On PostgreSQL, what needs connections of its own (the tus locks) gets the test's schema.
    databaseUrl,
    ...options,
  });
  await seedDemo(db, app.services.storage, clock.now, undefined, app.services.receipts);
  afterAll(async () => {
    await app.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const headersOf = (o: CallOptions = {}) => ({
    ...(o.token ? { [HEADER.token]: o.token } : {}),
    ...(o.supplierId ? { [HEADER.supplierId]: o.supplierId } : {}),
    [HEADER.language]: o.lang ?? 'en',
    ...o.headers,
  });

  const parse = <T>(res: LightMyRequestResponse) => {
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return res.json() as Envelope<T>;
  };

  async function post<T = unknown>(path: string, body?: unknown, o: CallOptions = {}): Promise<Envelope<T>> {
    const res = await app.inject({
      method: 'POST',
      url: `${BASE_PATH}${path}`,
      headers: headersOf(o),
      remoteAddress: o.ip ?? '127.0.0.1',
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return parse<T>(res);
  }

  async function get<T = unknown>(path: string, query: Record<string, string> = {}, o: CallOptions = {}): Promise<Envelope<T>> {
    const res = await app.inject({
      method: 'GET',
      url: `${BASE_PATH}${path}`,
      query,
      headers: headersOf(o),
      remoteAddress: o.ip ?? '127.0.0.1',
    });
    return parse<T>(res);
  }

  async function login(username: string, password = 'Demo1234', ip = '127.0.0.1') {
    const res = await post<{ oauthToken: string; supplierId: string; username: string }>('/supplier/login', { username, password }, { ip });
    if (res.code !== 'E000') throw new Error(`login ${username}: ${res.code} ${res.message}`);
    return { token: res.data.oauthToken, supplierId: res.data.supplierId, username: res.data.username };
  }

  const count = async (table: CountedTable) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  return { app, db, databaseUrl, dataDir, clock, inbox, post, get, login, count, accounts: DEMO_ACCOUNTS };
}

export type TestApp = Awaited<ReturnType<typeof build>>;

/**
 * Another instance of the bid service beside `t`'s, as behind a load balancer: the same
 * PostgreSQL schema (a pool of its own), the same data folder and clock (PostgreSQL only).
 * It is closed after the file's tests.
 */
export async function secondInstance(t: TestApp, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  if (!t.databaseUrl) throw new Error('a second instance needs PostgreSQL (the server:postgres project)');
  const db = createPgDb(t.databaseUrl);
  const app = await buildApp({
    dataDir: t.dataDir,
    db,
    databaseUrl: t.databaseUrl,
    migrate: false,
    logLevel: 'silent',
    listCacheMs: 0,
    now: () => new Date(t.clock.now),
    ...options,
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });
  return app;
}

/** A multipart/form-data body with one file part. */
export function multipart(filename: string, content: Buffer, field = 'file', type = 'application/octet-stream') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A registration body that passes every rule; `overrides` change single fields. */
export function registration(n: number, license: { name: string; url: string; path: string }, overrides: Record<string, unknown> = {}) {
  return {
    username: `new_supplier_${n}`,
    newPassword: 'Secret123',
    conPassword: 'Secret123',
    supplierName: `测试纸品有限公司${n}`,
    creditCode: CREDIT_CODES[n % CREDIT_CODES.length],
    businessLicense: license,
    legalPerson: '王五',
    establishDate: '2019-06-01',
    registeredCapital: 800,
    registeredAddress: '广东省东莞市测试路 1 号',
    businessScope: '纸箱生产',
    contactName: '赵六',
    contactPhone: '13912345678',
    email: `new${n}@example.com`,
    attachments: [],
    bankInfo: { acctNo: '6222000011112222', acctName: '测试纸品有限公司', bankName: '中国银行', currency: 'CNY' },
    ...overrides,
  };
}

/** Valid unified social credit codes not used by the demo suppliers. */
export const CREDIT_CODES = [
  ['440300', 'MA5FT0001'],
  ['320500', 'MA1MT0002'],
  ['450500', 'MA5NT0003'],
  ['110000', 'MA0AT0004'],
].map(([region, org]) => demoCreditCode(region!, org!));

let freshSeq = 0;

/**
 * A supplier of the calling test's own: registered through `/supplier/save` (with its own
 * licence, name, credit code and address), moved to `status` by the operator, logged in.
 * Tests that change a supplier's rows or state use one, so they neither see nor leave
 * changes in the demo suppliers that other tests of the file read.
 */
export async function newSupplier(t: TestApp, status: 'A101' | 'A104' | 'A141' = 'A104') {
  const n = 1000 + ++freshSeq;
  const ip = `10.250.${Math.floor(n / 250)}.${n % 250}`;
  const form = multipart(`licence-${n}.pdf`, Buffer.from(`%PDF-1.4 licence ${n}`));
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `${BASE_PATH}/file/upload`,
    payload: form.payload,
    headers: form.headers,
    remoteAddress: ip,
  });
  const up = uploaded.json() as Envelope<{ filename: string } | null>;
  if (up.code !== 'E000') throw new Error(`newSupplier upload: ${up.code} ${up.message}`);
  const file = JSON.parse(up.data!.filename) as { name: string; fileUrl: string; path: string };
  const username = `fresh_${n}`;
  const body = registration(
    n,
    { name: file.name, url: file.fileUrl, path: file.path },
    { username, creditCode: demoCreditCode('440300', `MT${String(n).padStart(7, '0')}`) },
  );
  const saved = await t.post('/supplier/save', body, { ip });
  if (saved.code !== 'E000') throw new Error(`newSupplier save: ${saved.code} ${saved.message}`);
  const ctx = { db: t.db, storage: t.app.services.storage, now: new Date(t.clock.now), timeZone: t.app.services.timeZone };
  const { supplierCode } = (await runOperatorAction(ctx, 'setStatus', { supplier: username, status })) as { supplierCode: string };
  const password = 'Secret123';
  const s = await t.login(username, password, ip);
  return { ...s, password, supplierCode };
}

/** What the bid service answers (in English) to a duplicate that waited over 5 s for the first run of its key. */
export const IN_PROGRESS_MESSAGE = 'The same request is still being processed, please retry shortly';

/**
 * The answers to concurrent duplicates of one idempotent write: each is the write's answer (its
 * first run or a replay of it, all equal) or E409 inProgress (a duplicate that waited over 5 s);
 * every answer is counted, so none can be something else unnoticed. Answers the write's answer.
 */
export function oneWriteAmong<T>(answers: Envelope<T>[]): Envelope<T> {
  const applied = answers.filter((a) => a.code === 'E000');
  const inProgress = answers.filter((a) => a.code === 'E409' && a.message === IN_PROGRESS_MESSAGE);
  expect(applied.length + inProgress.length, JSON.stringify(answers.map((a) => [a.code, a.message]))).toBe(answers.length);
  expect(applied.length).toBeGreaterThan(0);
  expect(applied).toEqual(applied.map(() => applied[0]));
  return applied[0]!;
}
