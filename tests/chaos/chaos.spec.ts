import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { freePort, root, startScratchPostgres, waitUntilUp } from '../../scripts/lib.mjs';
import { scratchSchema } from '../../server/db/scratch-schema';
import { rng } from '../../server/seed/random';
import { faultProxy, type FaultProxy } from './fault-proxy';

/**
 * The chaos run: one supplier queues OPS operations of every kind the outbox carries
 * (new threads and replies with attachments up to 20 MB, visitor information, deposits, bids as
 * deposits are confirmed, quotes, visit applications) in Chromium, while FAULTS random faults
 * strike: an instance or the whole bid service killed and restarted, 500 and 503 answers, answers
 * lost after the write was applied, uploads cut mid-body, the token revoked (and another supplier
 * logging in on the device meanwhile), the browser closed and reopened, offline flips, a second
 * tab taking over. Two instances on PostgreSQL with one data folder, behind a load balancer
 * (fault-proxy.ts). Afterwards every operation is applied exactly once, every file is byte-equal,
 * nothing waits but what a business rule refused, and nothing was sent as the other supplier.
 *
 * The seed (CHAOS_SEED) fixes the operations, the faults and their order: a failure replays with
 * the same seed. The operations are queued through the portal's own modules (the same functions
 * its forms call), loaded from Vite's dev server, as scripts/bench-outbox.mjs does: a production
 * bundle has no module names to import. Run it with `npm run chaos` (also part of `npm run bench`).
 */
const SEED = Number(process.env.CHAOS_SEED ?? 20261124);
const OPS = Number(process.env.CHAOS_OPS ?? 200);
const FAULTS = Number(process.env.CHAOS_FAULTS ?? 50);
/** The largest attachment; a few operations carry one of 5 MB up to it. */
const LARGE_MB = Number(process.env.CHAOS_LARGE_MB ?? 20);
/** How long the outbox may take to empty once every fault is healed. */
const FLUSH_SECONDS = Number(process.env.CHAOS_FLUSH_SECONDS ?? 900);
const SUPPLIER = 'demo_a104';
const OTHER = 'demo_a101';
/** The supplier who wins the tenders the run's supplier asks refunds for. */
const RIVAL = 'demo_a141';
const PASSWORD = 'Demo1234';
const VISITOR_PHONE = '13900000077';
const API = '/bid-web/bid-service';
const TENDERS = 12;
const ENQUIRIES = 16;
const THREADS = 5;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const runStarted = Date.now();
/** A progress line (a run takes minutes; a stuck step must show where it is). */
const say = (text: string) => console.log(`[chaos ${((Date.now() - runStarted) / 1000).toFixed(1)} s] ${text}`);

/** `step` within `ms`, or a failure naming it (nothing in a chaos run may hang silently). */
async function within<T>(ms: number, what: string, step: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no progress in ${ms / 1000} s`)), ms)),
  );
  try {
    return await Promise.race([step, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A file's bytes: `head` then a pattern of `seed`, different in every 64 KB block (a swapped or lost block shows). */
function fileBytes(size: number, seed: number, head: string): Buffer {
  const bytes = Buffer.alloc(size);
  const written = bytes.write(head.slice(0, size), 'latin1');
  for (let k = written; k < size; k++) bytes[k] = ((k & 0xffff) * 31 + seed * 17 + (k >>> 16) * 13) & 255;
  return bytes;
}

/** The same bytes, made in the page (the function is sent as its source). */
const PAGE_FILE = `(size, seed, head, name, type) => {
  const bytes = new Uint8Array(size);
  let k = 0;
  for (; k < Math.min(size, head.length); k++) bytes[k] = head.charCodeAt(k) & 255;
  for (; k < size; k++) bytes[k] = ((k & 0xffff) * 31 + seed * 17 + (k >>> 16) * 13) & 255;
  return new File([bytes], name, { type });
}`;

interface FileSpec {
  name: string;
  size: number;
  seed: number;
  head: string;
  type: string;
}

const PDF_HEAD = '%PDF-1.4\n';
const pdf = (name: string, size: number, seed: number): FileSpec => ({ name, size, seed, head: PDF_HEAD, type: 'application/pdf' });

// ---------------------------------------------------------------- the deployment

interface Deployment {
  proxy: FaultProxy;
  webUrl: string;
  dataDir: string;
  dbUrl: string;
  instances: (ChildProcess | null)[];
  ports: number[];
  others: ChildProcess[];
  cleanups: (() => Promise<void> | void)[];
}

let dep: Deployment;

function cli<T = unknown>(...args: string[]): T {
  const out = execFileSync('npx', ['tsx', 'server/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dep.dataDir, DATABASE_URL: dep.dbUrl, PORT: '1' },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(out.slice(out.search(/[[{]/))) as T;
}

async function startInstance(i: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(dep.ports[i]),
      HOST: '127.0.0.1',
      DATA_DIR: dep.dataDir,
      DATABASE_URL: dep.dbUrl,
      SEED_DEMO: '1',
      STATIC_DIR: '',
      LOG_LEVEL: 'error',
      PASS_SECRET: 'chaos-run-pass-secret-of-at-least-32-chars',
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  dep.instances[i] = child;
  await waitUntilUp(`http://127.0.0.1:${dep.ports[i]}`);
}

async function killInstance(i: number): Promise<void> {
  const child = dep.instances[i];
  dep.instances[i] = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

// ---------------------------------------------------------------- the supplier's API, for set-up and checks

interface Token {
  oauthToken: string;
  supplierId: string;
  supplierCode: string;
}

/**
 * Straight to an instance (the set-up and the checks do not go through the faults), the next one
 * when an instance cannot be reached (a fault killed it).
 */
async function toLiveInstance(send: (port: number) => Promise<Response>): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(dep.ports[attempt % dep.ports.length]!);
    } catch (error) {
      if (attempt >= 5 || !(error instanceof TypeError)) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

async function call<T>(path: string, body: Record<string, string> | object, token?: Token, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) Object.assign(headers, { 'X-Access-Token': token.oauthToken, 'X-Supplier-Id': token.supplierId });
  const query = method === 'GET' ? `?${new URLSearchParams(body as Record<string, string>).toString()}` : '';
  const res = await toLiveInstance((port) =>
    fetch(`http://127.0.0.1:${port}${API}${path}${query}`, {
      method,
      headers,
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
    }),
  );
  const envelope = (await res.json()) as { code: string; message: string; data: T };
  if (envelope.code !== 'E000') throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

const loginApi = (username: string) => call<Token>('/supplier/login', { username, password: PASSWORD });

// ---------------------------------------------------------------- the browser

let context: BrowserContext;
let page: Page;
let profileDir: string;

async function openBrowser(): Promise<void> {
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
    baseURL: dep.webUrl,
    viewport: { width: 1280, height: 900 },
  });
  // Why a page loads afresh (Vite's client reloads when a source file changes) and what fails in it, in the run's log.
  context.on('console', (message) => {
    if (/^\[vite\] (page reload|server connection lost)/.test(message.text())) say(`page console: ${message.text().slice(0, 300)}`);
  });
  context.on('weberror', (error) => say(`page error: ${String(error.error()).slice(0, 300)}`));
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(120_000);
  page = context.pages()[0] ?? (await context.newPage());
  await openPortal(page);
}

/** The portal on `target`, with the modules the operations are queued through at hand. */
async function openPortal(target: Page): Promise<void> {
  await target.goto('/platform/home', { timeout: 120_000 });
  await target.evaluate(async () => {
    const load = (path: string) => import(/* @vite-ignore */ path);
    (window as unknown as { chaos: unknown }).chaos = {
      outbox: await load('/src/offline/outbox.ts'),
      sync: await load('/src/offline/on-demand.ts'),
      deposit: await load('/src/features/tender/api/pay-deposit.ts'),
      refund: await load('/src/features/tender/api/apply-refund.ts'),
      bid: await load('/src/features/tender/api/submit-bid.ts'),
      communication: await load('/src/features/communication/api/save-communication.ts'),
      reply: await load('/src/features/communication/api/reply-communication.ts'),
      quote: await load('/src/features/enquiry/quote/queue-quote.ts'),
      quoteValues: await load('/src/features/enquiry/quote/quote-values.ts'),
      visit: await load('/src/features/visit/api/queue-visit-application.ts'),
      visitValues: await load('/src/features/visit/form/visit-values.ts'),
      person: await load('/src/features/visitor/api/save-person.ts'),
      passes: await load('/src/features/visitor/passes.ts'),
      db: await load('/src/offline/db.ts'),
    };
  });
}

/** Logs in on the portal's login screen (what a supplier does when its session ended). */
async function loginInPortal(target: Page, username: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await target.goto('/login', { timeout: 120_000 });
    // Still signed in as far as this device knows (a revoked token, another supplier): switch.
    const account = target.getByRole('textbox', { name: /^账号/ });
    const other = target.getByRole('button', { name: '使用其他账号登录' });
    await expect(account.or(other)).toBeVisible({ timeout: 60_000 });
    if (await other.isVisible()) await other.click();
    await account.fill(username);
    await target.getByLabel(/^密码/).fill(PASSWORD);
    await target.getByRole('button', { name: '进入工作台' }).click();
    try {
      await target.waitForURL(/\/platform\/home/, { timeout: 20_000 });
      break;
    } catch (error) {
      // An injected 500 or a killed instance answered the login: the person tries again.
      if (attempt >= 5) throw error;
    }
  }
  await openPortal(target);
}

// ---------------------------------------------------------------- what the run queues and what it expects

interface Setup {
  me: Token;
  tenders: { id: string; tenderNo: string; cutoffTime: string; noticeId: string; certificates: string[] }[];
  enquiries: {
    id: string;
    enquiryNo: string;
    round: number;
    deadline: string;
    lines: { id: string; quantity: string }[];
    priceIncludesTax: boolean;
    deliveryDate: string;
    quotes: unknown[];
  }[];
  threads: string[];
  pass: unknown;
  base: { code: string; name: string };
  department: string;
  bom: string;
}

type Op =
  | { kind: 'thread'; marker: string; files: FileSpec[] }
  | { kind: 'reply'; marker: string; thread: string; files: FileSpec[] }
  | { kind: 'visitor'; marker: string }
  | { kind: 'deposit'; marker: string; tender: number; slip: FileSpec }
  | { kind: 'bid'; marker: string; tender: number; documents: FileSpec[]; certificate: FileSpec }
  | { kind: 'refund'; marker: string; tender: number }
  | { kind: 'quote'; marker: string; enquiry: number }
  | { kind: 'visitApply'; marker: string; contract: FileSpec };

type FaultKind =
  | 'killInstance'
  | 'killService'
  | 'http500'
  | 'http503'
  | 'lostAnswer'
  | 'dropUpload'
  | 'tokenRevoked'
  | 'reopenBrowser'
  | 'offline'
  | 'secondTab';
const FAULT_KINDS: FaultKind[] = [
  'killInstance',
  'killService',
  'http500',
  'http503',
  'lostAnswer',
  'dropUpload',
  'tokenRevoked',
  'reopenBrowser',
  'offline',
  'secondTab',
];

/**
 * The page as the run left it may have loaded afresh meanwhile (the portal reloads itself after
 * some failures): the modules are put at hand again, and a supplier signed out signs in again.
 */
async function ensurePortal(username: string): Promise<void> {
  if (await page.evaluate(() => 'chaos' in window).catch(() => false)) return;
  say(`the page was loaded afresh (${page.url()}): opening the portal again`);
  if (page.url().includes('/login')) await loginInPortal(page, username);
  else await openPortal(page);
}

/**
 * Queues `op` as its form would. The page may load afresh while it does (Vite's client reloads
 * it when a source file changes): then the portal is opened again and the operation queued
 * again, unless the page noted it as queued before it went (localStorage `chaos-queued`).
 */
async function queue(op: Op, s: Setup): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await queueOnce(op, s);
      return;
    } catch (error) {
      if (attempt >= 3 || !/Execution context was destroyed|navigat/i.test(String(error))) throw error;
      say(`the page went while op ${op.marker} was queued: queueing it again unless it was noted`);
      await ensurePortal(SUPPLIER);
      if ((await page.evaluate(() => localStorage.getItem('chaos-queued'))) === op.marker) return;
    }
  }
}

async function queueOnce(op: Op, s: Setup): Promise<void> {
  await ensurePortal(SUPPLIER);
  const files = (specs: FileSpec[]) => specs.map(({ size, seed, head, name, type }) => ({ size, seed, head, name, type }));
  await page.evaluate(
    async ({ op, s, source, specs }) => {
      const make = new Function(`return ${source}`)() as (size: number, seed: number, head: string, name: string, type: string) => File;
      const made = specs.map((f) => make(f.size, f.seed, f.head, f.name, f.type));
      const q = (window as unknown as { chaos: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> }).chaos;
      const supplierId = s.me.supplierId;
      const supplierCode = s.me.supplierCode;
      switch (op.kind) {
        case 'thread':
          await q.communication!.queueCommunication!({
            supplierId,
            priority: 'medium',
            topic: `${op.marker} 交货期确认`,
            content: `${op.marker} 请确认交货期。`,
            sourceNo: '',
            files: made,
          });
          break;
        case 'reply':
          await q.reply!.queueReply!({
            supplierId,
            communicationId: op.thread,
            questionNo: '',
            detail: `${op.marker} 补充说明`,
            files: made,
          });
          break;
        case 'deposit': {
          const t = s.tenders[op.tender]!;
          await q.deposit!.queuePayDeposit!({
            supplierId,
            supplierCode,
            record: { id: t.id, tenderNo: t.tenderNo, cutoffTime: t.cutoffTime },
            depositType: 'transfer',
            amount: 20000,
            paymentDate: new Date().toISOString().slice(0, 10),
            remittanceSlip: made[0],
          });
          break;
        }
        case 'bid': {
          const t = s.tenders[op.tender]!;
          const bom = Uint8Array.from(atob(s.bom), (ch) => ch.charCodeAt(0));
          const bomFile = new File([bom], '物料清单.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
          const certificate = made.at(-1)!;
          await q.bid!.queueSubmitBid!({
            supplierId,
            supplierCode,
            record: { id: t.id, tenderNo: t.tenderNo, cutoffTime: t.cutoffTime },
            bidDocuments: made.slice(0, -1),
            certificates: t.certificates.map((name) => ({ name, files: [certificate] })),
            billOfMaterials: bomFile,
          });
          break;
        }
        case 'refund': {
          const t = s.tenders[op.tender]!;
          await q.refund!.queueRefund!({ supplierId, supplierCode, record: { id: t.id, tenderNo: t.tenderNo }, remark: op.marker });
          break;
        }
        case 'quote': {
          const e = s.enquiries[op.enquiry]!;
          const values = q.quoteValues!.initialQuoteValues!(e) as unknown as {
            currency: string;
            remark: string;
            prices: Record<string, string>;
          };
          values.currency = 'CNY';
          values.remark = op.marker;
          e.lines.forEach((line, i) => (values.prices[line.id] = `${12 + i}.50`));
          await q.quote!.queueQuote!({ supplierId, enquiry: e, values, letter: null });
          break;
        }
        case 'visitApply': {
          const v = q.visitValues!.emptyVisitValues!('chaos', op.marker) as unknown as Record<string, unknown> & {
            visitors: Record<string, unknown>[];
            insurance: Record<string, unknown>;
            labourContract: { files: File[] };
          };
          const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
          Object.assign(v, {
            intention: 'AUDIT',
            entryMethod: 'CAR',
            startDate: day(3),
            endDate: day(4),
            productionBase: s.base.code,
            department: s.department,
            host: '王经理',
            reason: `${op.marker} 年度审核`,
          });
          Object.assign(v.visitors[0]!, {
            name: '张工',
            gender: 'M',
            certificateType: 'PASSPORT',
            certificateNo: 'E12345678',
            phone: '13712349901',
            meal: 'no',
            lodging: 'no',
            insured: true,
            job: '审核员',
          });
          Object.assign(v.insurance, {
            company: '中国平安',
            type: 'ACCIDENT',
            policyNo: `PA-${op.marker}`,
            jobType: '审核',
            currency: 'CNY',
            amount: '500000',
            date: day(-1),
            hasInsured: 'yes',
            hasSocialSecurity: 'no',
          });
          v.labourContract.files = made;
          await q.visit!.queueVisitApplication!(supplierId, v, s.base.name);
          break;
        }
        case 'visitor': {
          const pass = s.pass as { phone: string };
          const owner = q.db!.visitorOwner!(pass.phone);
          const waiting = await q.outbox!.listEntries!([owner]);
          const person = {
            name: '访客混沌',
            gender: 'M',
            certificateType: 'PASSPORT',
            certificateNo: op.marker,
            phone: pass.phone,
            meal: false,
            mealType: '',
            lodging: false,
          };
          await q.person!.queueVisitorPerson!(s.pass, person, op.marker, waiting);
          break;
        }
      }
      localStorage.setItem('chaos-queued', op.marker);
      void ((await q.sync!.ensureSyncEngine!()) as { syncNow: () => void }).syncNow();
    },
    {
      op,
      s,
      source: PAGE_FILE,
      specs:
        'files' in op
          ? files(op.files)
          : 'slip' in op
            ? files([op.slip])
            : 'documents' in op
              ? files([...op.documents, op.certificate])
              : 'contract' in op
                ? files([op.contract])
                : [],
    },
  );
}

/** Entries of `owner` still in the outbox, with their status and error. */
const waiting = (target: Page, owners: string[]) =>
  target.evaluate(async (owners) => {
    const c = (
      window as unknown as {
        chaos: {
          outbox: {
            listEntries: (
              o: string[],
            ) => Promise<
              { call: string; status: string; summary: string; payload: unknown; lastError: { code?: string; message?: string } | null }[]
            >;
          };
        };
      }
    ).chaos;
    return (await c.outbox.listEntries(owners)).map((e) => ({
      call: e.call,
      status: e.status,
      summary: e.summary,
      payload: JSON.stringify(e.payload),
      error: e.lastError,
    }));
  }, owners);

// ---------------------------------------------------------------- the run

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const postgres = process.env.DATABASE_URL ? null : await startScratchPostgres();
  const databaseUrl = process.env.DATABASE_URL ?? postgres?.url;
  if (!databaseUrl) throw new Error('the chaos run needs PostgreSQL: DATABASE_URL, or PostgreSQL installed for a throwaway cluster');
  const schema = await scratchSchema(databaseUrl, 'chaos');
  const ports = [await freePort(), await freePort()];
  dep = {
    proxy: null as unknown as FaultProxy,
    webUrl: '',
    dataDir: mkdtempSync(join(tmpdir(), 'chaos-data-')),
    dbUrl: schema.url,
    instances: [null, null],
    ports,
    others: [],
    cleanups: [],
  };
  dep.cleanups.push(
    () => schema.drop(),
    () => postgres?.stop(),
  );
  // Started together, as an orchestrator starts them: one applies the migrations and the demo data.
  await Promise.all([startInstance(0), startInstance(1)]);
  dep.proxy = await faultProxy(ports);
  const webPort = await freePort();
  const vite = spawn('npx', ['vite', '--port', String(webPort), '--strictPort', '--host', '127.0.0.1', '--logLevel', 'error'], {
    cwd: root,
    env: { ...process.env, BID_SERVICE_URL: dep.proxy.url },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  dep.others.push(vite);
  dep.webUrl = `http://127.0.0.1:${webPort}`;
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${dep.webUrl}/login`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  profileDir = mkdtempSync(join(tmpdir(), 'chaos-profile-'));
});

test.afterAll(async () => {
  await context?.close().catch(() => undefined);
  await dep?.proxy?.close();
  for (let i = 0; i < (dep?.instances.length ?? 0); i++) await killInstance(i);
  for (const child of dep?.others ?? []) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }
  for (const cleanup of dep?.cleanups ?? []) await cleanup();
  if (dep) rmSync(dep.dataDir, { recursive: true, force: true });
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

test(`chaos: ${OPS} operations, ${FAULTS} faults, seed ${SEED}`, async () => {
  test.setTimeout(3_600_000);
  const started = Date.now();
  const r = rng(SEED);

  // Set-up, online and without faults: tenders signed up for, enquiries, threads to reply to, a visitor's pass.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const me = await loginApi(SUPPLIER);
  const tenders: Setup['tenders'] = [];
  for (let i = 0; i < TENDERS; i++) {
    const notice = cli<{ id: string; tenderNo: string }>(
      'publish-notice',
      '--type',
      'bidding',
      '--title',
      `混沌招标 ${SEED}-${i}`,
      '--days',
      '10',
      '--deposit',
      '20000',
    );
    const record = await call<{ id: string; tenderNo: string; cutoffTime: string; requiredCertificates: string[] }>(
      '/tender/signUp',
      { noticeId: notice.id },
      me,
    );
    tenders.push({
      id: record.id,
      tenderNo: record.tenderNo,
      cutoffTime: record.cutoffTime,
      noticeId: notice.id,
      certificates: record.requiredCertificates,
    });
  }
  const enquiries: Setup['enquiries'] = [];
  const lines = JSON.stringify([
    { materialNo: 'M-001', name: '瓦楞原纸', specification: '120g', unit: '吨', brand: '', quantity: '10', packageSpecification: '卷' },
    { materialNo: 'M-002', name: '淀粉胶', specification: '25kg', unit: '袋', brand: '', quantity: '40', packageSpecification: '袋' },
  ]);
  for (let i = 0; i < ENQUIRIES; i++) {
    const created = cli<{ id: string }>(
      'create-enquiry',
      '--theme',
      `混沌询价 ${SEED}-${i}`,
      '--suppliers',
      SUPPLIER,
      '--lines',
      lines,
      '--hours',
      '48',
      '--delivery-date',
      day(20),
    );
    enquiries.push(await call<Setup['enquiries'][number]>('/enquiry/getById', { id: created.id }, me));
  }
  const threads: string[] = [];
  for (let i = 0; i < THREADS; i++)
    threads.push(
      (await call<{ id: string }>('/communication/save', { priority: 'low', topic: `混沌往来 ${SEED}-${i}`, content: '回复用的往来' }, me))
        .id,
    );
  const bases = await call<{ code: string; label: string }[]>('/supplier/getProductionBaseOrg', {}, me, 'GET');
  const base = { code: bases[0]!.code, name: bases[0]!.label };
  const departments = await call<{ code: string; label: string }[]>(
    '/supplier/getOrgCodeByProductionBase',
    { productionBase: base.code },
    me,
    'GET',
  );
  cli(
    'approve-visit',
    '--phone',
    VISITOR_PHONE,
    '--name',
    '访客混沌',
    '--base',
    base.code,
    '--department',
    departments[0]!.code,
    '--host',
    '王经理',
    '--from',
    day(0),
    '--until',
    day(5),
  );
  await call('/h5/getVerificationCodeByPhone', { phone: VISITOR_PHONE });
  const sent = readFileSync(join(dep.dataDir, 'notifications.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; code: string });
  const code = sent.reverse().find((n) => n.to === VISITOR_PHONE)!.code;
  const pass = await call('/h5/getQrByPhoneAndVerificationCode', { phone: VISITOR_PHONE, code });
  const bom = readFileSync(resolve(root, 'tests/fixtures/bom.xlsx')).toString('base64');
  const s: Setup = { me, tenders, enquiries, threads, pass, base, department: departments[0]!.code, bom };

  // The operations, drawn from the seed; deposits and quotes once per tender and enquiry; a bid once its deposit is confirmed.
  const ops: Op[] = [];
  let fileSeed = 1;
  const smallFiles = (max: number) =>
    Array.from({ length: r.int(0, max) }, (_, i) => pdf(`附件${i + 1}.pdf`, r.int(2_000, 300_000), fileSeed++));
  const largeAt = new Set(Array.from({ length: 4 }, () => r.int(0, OPS - 1)));
  const depositOrder = tenders.map((_, i) => i);
  const enquiryOrder = enquiries.map((_, i) => i);
  for (let i = 0; ops.length < OPS; i++) {
    const marker = `CH${SEED}-${String(ops.length).padStart(3, '0')}`;
    const roll = r.next();
    const files = smallFiles(2);
    if (largeAt.has(ops.length)) files.push(pdf('大附件.pdf', r.int(5, LARGE_MB) * 1024 * 1024, fileSeed++));
    if (roll < 0.26) ops.push({ kind: 'thread', marker, files });
    else if (roll < 0.3) ops.push({ kind: 'refund', marker, tender: -1 });
    else if (roll < 0.52)
      ops.push({ kind: 'reply', marker, thread: r.pick(threads), files: files.slice(0, 1 + (largeAt.has(ops.length) ? 1 : 0)) });
    else if (roll < 0.6) ops.push({ kind: 'visitor', marker });
    else if (roll < 0.68 && depositOrder.length)
      ops.push({ kind: 'deposit', marker, tender: depositOrder.shift()!, slip: pdf('汇款凭证.pdf', r.int(20_000, 400_000), fileSeed++) });
    else if (roll < 0.78)
      ops.push({
        kind: 'bid',
        marker,
        tender: -1,
        documents: [pdf('投标书.pdf', r.int(50_000, 2_000_000), fileSeed++)],
        certificate: pdf('营业执照.pdf', r.int(10_000, 200_000), fileSeed++),
      });
    else if (roll < 0.88 && enquiryOrder.length) ops.push({ kind: 'quote', marker, enquiry: enquiryOrder.shift()! });
    else ops.push({ kind: 'visitApply', marker, contract: pdf('劳务合同.pdf', r.int(20_000, 600_000), fileSeed++) });
  }
  const faultAt = new Map<number, FaultKind>();
  while (faultAt.size < Math.min(FAULTS, OPS)) faultAt.set(r.int(0, OPS - 1), r.pick(FAULT_KINDS));

  await openBrowser();
  await loginInPortal(page, SUPPLIER);
  // The visitor's pass is on this device, as /visitLogin keeps it: its information is sent with it.
  await page.evaluate(
    async (pass) => (window as unknown as { chaos: { passes: { storePass: (p: unknown) => Promise<void> } } }).chaos.passes.storePass(pass),
    s.pass,
  );

  const applied: Op[] = [];
  const bidded = new Set<number>();
  const faultCounts: Partial<Record<FaultKind, number>> = {};
  const restarts: Promise<void>[] = [];
  let otherSupplierSessions = 0;

  /** Deposits the bid service has, confirmed by the buyer: the tenders a bid may now go to. */
  const confirmDeposits = () => {
    const records = cli<{ id: string; tenderNo: string; status: string; deposit: unknown }[]>(
      'list-tender-records',
      '--supplier',
      SUPPLIER,
    );
    for (const [index, t] of tenders.entries()) {
      const record = records.find((x) => x.id === t.id);
      if (record?.deposit && record.status === 'depositSubmitted') cli('confirm-deposit', '--id', t.id);
      if (record?.deposit && !bidded.has(index) && !readyForBid.includes(index)) readyForBid.push(index);
    }
  };
  const readyForBid: number[] = [];

  /**
   * A tender the supplier can ask a refund for: its bid is on the bid service; another supplier
   * (demo_a141, through the API) bids too and the buyer announces that one the winner, so the
   * supplier's record is lost with a confirmed deposit.
   */
  const refunded = new Set<number>();
  const rival = await loginApi(RIVAL);
  const loseTender = async (): Promise<number | undefined> => {
    const records = cli<{ id: string; status: string }[]>('list-tender-records', '--supplier', SUPPLIER);
    const index = [...bidded].find((i) => !refunded.has(i) && records.find((x) => x.id === tenders[i]!.id)?.status === 'bidSubmitted');
    if (index === undefined) return undefined;
    refunded.add(index);
    const t = tenders[index]!;
    const theirs = await call<{ id: string }>('/tender/signUp', { noticeId: t.noticeId }, rival);
    const upload = async (name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const res = await toLiveInstance((port) =>
        fetch(`http://127.0.0.1:${port}${API}/file/uploadTsFile`, {
          method: 'POST',
          headers: { 'X-Access-Token': rival.oauthToken, 'X-Supplier-Id': rival.supplierId },
          body: form,
        }),
      );
      const parsed = JSON.parse(((await res.json()) as { data: { filename: string } }).data.filename) as {
        name: string;
        fileUrl: string;
        path: string;
      };
      return { name: parsed.name, url: parsed.fileUrl, path: parsed.path };
    };
    const slip = fileBytes(2_000, 999_000 + index, PDF_HEAD);
    await call(
      '/tender/payDeposit',
      {
        tenderRecordId: theirs.id,
        supplierCode: rival.supplierCode,
        depositType: 'transfer',
        amount: 20000,
        paymentDate: day(0),
        remittanceSlip: [await upload('汇款凭证.pdf', slip)],
      },
      rival,
    );
    cli('confirm-deposit', '--id', theirs.id);
    await call(
      '/tender/submitBid',
      {
        tenderRecordId: theirs.id,
        supplierCode: rival.supplierCode,
        bidDocuments: [await upload('投标书.pdf', slip)],
        certificates: await Promise.all(t.certificates.map(async (name) => ({ name, files: [await upload(`${name}.pdf`, slip)] }))),
        billOfMaterials: [await upload('物料清单.xlsx', readFileSync(resolve(root, 'tests/fixtures/bom.xlsx')))],
      },
      rival,
    );
    cli('announce-result', '--tender-no', t.tenderNo, '--winner', RIVAL);
    return index;
  };

  for (const [index, op] of ops.entries()) {
    if (op.kind === 'bid') {
      if (index % 5 === 0 || readyForBid.length === 0) confirmDeposits();
      const tender = readyForBid.shift();
      if (tender === undefined) {
        // No deposit has landed yet: a reply instead, as a supplier would do something else meanwhile.
        ops[index] = { kind: 'reply', marker: op.marker, thread: r.pick(threads), files: op.documents.slice(0, 1) };
      } else {
        op.tender = tender;
        bidded.add(tender);
      }
    }
    if (op.kind === 'refund') {
      const tender = await loseTender();
      if (tender === undefined) ops[index] = { kind: 'thread', marker: op.marker, files: [] };
      else op.tender = tender;
    }
    const current = ops[index]!;
    say(
      `op ${index} ${current.kind} ${current.marker}${'files' in current && current.files.length ? ` with ${current.files.length} file(s)` : ''}`,
    );
    await within(120_000, `queueing op ${index} (${current.kind})`, queue(current, s));
    applied.push(current);

    const fault = faultAt.get(index);
    if (!fault) continue;
    faultCounts[fault] = (faultCounts[fault] ?? 0) + 1;
    say(`fault ${fault}`);
    await within(300_000, `fault ${fault} after op ${index}`, strike(fault));
  }

  async function strike(fault: FaultKind): Promise<void> {
    switch (fault) {
      case 'killInstance': {
        const i = r.int(0, 1);
        await killInstance(i);
        restarts.push(new Promise((ok) => setTimeout(ok, r.int(500, 3000))).then(() => startInstance(i)));
        break;
      }
      case 'killService':
        await Promise.all(restarts.splice(0));
        await Promise.all([killInstance(0), killInstance(1)]);
        await new Promise((ok) => setTimeout(ok, r.int(1000, 4000)));
        await Promise.all([startInstance(0), startInstance(1)]);
        break;
      case 'http500':
      case 'http503':
        dep.proxy.inject({ kind: 'status', status: fault === 'http500' ? 500 : 503, count: r.int(1, 3) });
        break;
      case 'lostAnswer':
        dep.proxy.inject({ kind: 'lostAnswer', count: r.int(1, 2) });
        break;
      case 'dropUpload':
        dep.proxy.inject({ kind: 'dropUpload', afterBytes: r.int(1, 900) * 1024 });
        break;
      case 'offline':
        await context.setOffline(true);
        await new Promise((ok) => setTimeout(ok, r.int(500, 3000)));
        await context.setOffline(false);
        break;
      case 'reopenBrowser':
        await context.close();
        await openBrowser();
        break;
      case 'secondTab': {
        const next = await context.newPage();
        await openPortal(next);
        await page.close();
        page = next;
        break;
      }
      case 'tokenRevoked': {
        await Promise.all(restarts.splice(0));
        cli('revoke-sessions', '--supplier', SUPPLIER);
        // The supplier's entries pause on E401; on a shared device another supplier may log in
        // meanwhile, and nothing of the first may go out under its session.
        await new Promise((ok) => setTimeout(ok, r.int(500, 2500)));
        if (r.next() < 0.5) {
          otherSupplierSessions++;
          await loginInPortal(page, OTHER);
          await new Promise((ok) => setTimeout(ok, r.int(500, 2000)));
        }
        await loginInPortal(page, SUPPLIER);
        break;
      }
    }
  }

  say('all operations queued; healing and waiting for the outbox to empty');
  const problems: string[] = [];
  // Everything heals: both instances up, no more injected faults, online, the supplier logged in.
  await Promise.all(restarts.splice(0));
  for (let i = 0; i < 2; i++) if (!dep.instances[i]) await startInstance(i);
  dep.proxy.heal();
  await context.setOffline(false);
  const owner = `supplier:${me.supplierId}`;
  await ensurePortal(SUPPLIER);
  const visitorOwnerOf = await page.evaluate(
    (phone) => (window as unknown as { chaos: { db: { visitorOwner: (p: string) => string } } }).chaos.db.visitorOwner(phone),
    VISITOR_PHONE,
  );
  await expect
    .poll(
      async () => {
        confirmDeposits();
        await ensurePortal(SUPPLIER);
        let entries: Awaited<ReturnType<typeof waiting>>;
        try {
          await page.evaluate(
            async () =>
              void (
                await (
                  window as unknown as { chaos: { sync: { ensureSyncEngine: () => Promise<{ syncNow: () => void }> } } }
                ).chaos.sync.ensureSyncEngine()
              ).syncNow(),
          );
          entries = await waiting(page, [owner, visitorOwnerOf]);
        } catch (error) {
          // The page loaded afresh between the two steps: it is opened again on the next poll.
          say(`the page went while the outbox was read: ${String(error).slice(0, 120)}`);
          return Number.NaN;
        }
        const left = entries.filter((e) => e.status !== 'failed');
        const byKind = new Map<string, number>();
        for (const e of left) byKind.set(`${e.call} ${e.status}`, (byKind.get(`${e.call} ${e.status}`) ?? 0) + 1);
        say(`${left.length} entries still waiting: ${[...byKind].map(([k, n]) => `${k} x${n}`).join(', ')}`);
        return left.length;
      },
      { timeout: FLUSH_SECONDS * 1000, intervals: [2000] },
    )
    .toBe(0)
    .catch((error: unknown) => problems.push(`the outbox did not empty in ${FLUSH_SECONDS} s: ${String(error).slice(0, 300)}`));
  await ensurePortal(SUPPLIER);
  const refused = await waiting(page, [owner, visitorOwnerOf]);
  const flushedAt = Date.now();

  // Every operation exactly once, every file byte-equal, nothing under the other supplier.
  const stored = (ref: { path: string }) => readFileSync(join(dep.dataDir, 'files', ref.path));
  const check = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  const sameFiles = (refs: { path: string; name: string }[], specs: FileSpec[], what: string) => {
    check(refs.length === specs.length, `${what}: ${refs.length} files stored, ${specs.length} queued`);
    for (const spec of specs) {
      const want = sha256(fileBytes(spec.size, spec.seed, spec.head));
      check(
        refs.some((ref) => sha256(stored(ref)) === want),
        `${what}: ${spec.name} (${spec.size} bytes) not stored byte-equal`,
      );
    }
  };
  type Reply = { detail: string; attachments: { path: string; name: string }[] };
  const communications = cli<{ topic: string; supplier?: string; replies: Reply[] }[]>('list-communications', '--supplier', SUPPLIER);
  const allReplies = communications.flatMap((c) => c.replies);
  const records = cli<
    {
      id: string;
      status: string;
      refund: { remark: string } | null;
      deposits: unknown[];
      deposit: { remittanceSlip: { path: string; name: string } } | null;
      bid: { bidDocuments: { path: string; name: string }[]; certificates: { files: { path: string; name: string }[] }[] } | null;
    }[]
  >('list-tender-records', '--supplier', SUPPLIER);
  const applications = cli<{ id: string; relatedProject: string }[]>('list-visit-applications', '--supplier', SUPPLIER);
  const isRefused = (op: Op) => refused.some((e) => e.summary.includes(op.marker) || e.payload.includes(op.marker));
  let lastVisitor: string | null = null;
  for (const op of applied) {
    const what = `${op.kind} ${op.marker}`;
    if (isRefused(op)) continue;
    switch (op.kind) {
      case 'thread': {
        const found = communications.filter((c) => c.topic.startsWith(op.marker));
        check(found.length === 1, `${what}: ${found.length} threads`);
        if (found[0]) sameFiles(found[0].replies[0]?.attachments ?? [], op.files, what);
        break;
      }
      case 'reply': {
        const found = allReplies.filter((x) => x.detail.startsWith(op.marker));
        check(found.length === 1, `${what}: ${found.length} replies`);
        if (found[0]) sameFiles(found[0].attachments, op.files, what);
        break;
      }
      case 'deposit': {
        const record = records.find((x) => x.id === tenders[op.tender]!.id);
        check(record?.deposits.length === 1, `${what}: ${record?.deposits.length ?? 0} deposits`);
        if (record?.deposit) sameFiles([record.deposit.remittanceSlip], [op.slip], what);
        break;
      }
      case 'bid': {
        const record = records.find((x) => x.id === tenders[op.tender]!.id);
        check(record?.bid !== null && record?.bid !== undefined, `${what}: no bid stored`);
        if (record?.bid) {
          sameFiles(record.bid.bidDocuments, op.documents, what);
          sameFiles(record.bid.certificates[0]?.files ?? [], [op.certificate], `${what} certificate`);
        }
        break;
      }
      case 'refund': {
        const record = records.find((x) => x.id === tenders[op.tender]!.id);
        check(
          record?.status === 'refundRequested' && record.refund?.remark === op.marker,
          `${what}: ${record?.status} ${JSON.stringify(record?.refund)}`,
        );
        break;
      }
      case 'quote': {
        const { rounds } = cli<{ rounds: { quotes: { supplier: string; remark: string }[] }[] }>(
          'list-quotes',
          '--id',
          enquiries[op.enquiry]!.id,
        );
        const quotes = rounds.flatMap((round) => round.quotes).filter((q) => q.supplier === SUPPLIER && q.remark === op.marker);
        check(quotes.length === 1, `${what}: ${quotes.length} quotes`);
        break;
      }
      case 'visitApply': {
        const found = applications.filter((a) => a.relatedProject === op.marker);
        check(found.length === 1, `${what}: ${found.length} applications`);
        if (found[0]) {
          const detail = await call<{ labourContract: { path: string; name: string }[] }>(
            '/visitApply/getById',
            { id: found[0].id },
            await loginApi(SUPPLIER),
          );
          sameFiles(detail.labourContract, [op.contract], what);
        }
        break;
      }
      case 'visitor':
        lastVisitor = op.marker;
        break;
    }
  }
  if (lastVisitor)
    check(
      cli<{ person: { certificateNo: string } | null }>('get-visitor-person', '--phone', VISITOR_PHONE).person?.certificateNo ===
        lastVisitor,
      `visitor: the last information (${lastVisitor}) is not what is stored`,
    );
  // The other supplier: none of the run's markers in its threads, applications or records.
  const theirs = JSON.stringify([
    cli('list-communications', '--supplier', OTHER),
    cli('list-visit-applications', '--supplier', OTHER),
    cli('list-tender-records', '--supplier', OTHER),
  ]);
  check(!theirs.includes(`CH${SEED}-`), 'something of the run was sent as the other supplier');
  // What waits was refused by a business rule, with its message.
  for (const e of refused)
    check(
      Boolean(e.error?.message) && /^E4\d\d$/.test(e.error?.code ?? '') && e.error?.code !== 'E401',
      `${e.summary}: failed with ${JSON.stringify(e.error)}, not a business rule's refusal`,
    );

  const kinds = applied.reduce<Record<string, number>>((n, op) => ({ ...n, [op.kind]: (n[op.kind] ?? 0) + 1 }), {});
  const files = applied.reduce(
    (n, op) =>
      n + ('files' in op ? op.files.length : 'slip' in op ? 1 : 'documents' in op ? op.documents.length + 1 : 'contract' in op ? 1 : 0),
    0,
  );
  const report = {
    seed: SEED,
    operations: applied.length,
    byKind: kinds,
    files,
    faults: faultCounts,
    proxy: dep.proxy.counts,
    otherSupplierSessions,
    refusedByBusinessRule: refused.map((e) => ({ summary: e.summary, code: e.error?.code, message: e.error?.message })),
    minutes: Math.round((flushedAt - started) / 600) / 100,
    problems,
  };
  console.log(`chaos report: ${JSON.stringify(report)}`);
  expect(problems).toEqual([]);
});
