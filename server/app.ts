import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import { BASE_PATH } from '../contract/http';
import { localeFromHeader } from '../contract/locales';
import { MAX_FILE_BYTES } from '../contract/limits';
import { DEFAULT_TIME_ZONE } from '../contract/time-zone';
import { openDb, timedDb, type Db } from './db/db';
import { migrate } from './db/migrate';
import { FileStorage } from './files/storage';
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id';
import type { Services } from './http/context';
import { addressMatcher } from './http/addresses';
import { clientErrorHandler } from './http/client-error';
import { guardConnections } from './http/connection-guard';
import { installErrorHandling } from './http/error-handler';
import { htmlPage, servedShell } from './http/html-page';
import { inlineScriptHashes } from './http/inline-scripts';
import { swaggerOptions } from './http/openapi';
import { smtpNotifier } from './notify/mail';
import { fileNotifier, routedNotifier, type Notifier } from './notify/notifier';
import { smsWebhookNotifier } from './notify/sms';
import { loadPassSecret } from './security/pass';
import { healthRoutes, type Lifecycle } from './http/health';
import { createMetrics, installMetrics } from './http/metrics';
import { servePortal } from './http/portal';
import { registerRoutes } from './routes';
import { opsRoutes } from './routes/ops';
import { ListCache } from './services/list-cache';
import { DEFAULT_QUOTAS, type Quotas } from './services/quotas';
import { createReceipts } from './services/receipts';
import { loadReceiptKeys } from './security/receipt-keys';

export interface AppOptions {
  /** Files (`files/`), the embedded database (`pgdata/`) and notifications live here. */
  dataDir: string;
  /** A PostgreSQL URL; without it PGlite runs in `${dataDir}/pgdata`, or in memory when `memoryDb`. */
  databaseUrl?: string;
  /** PostgreSQL connections public searches may hold at once (SEARCH_CONNECTIONS). */
  searchConnections?: number;
  memoryDb?: boolean;
  /** An already opened database (tests share one per file). */
  db?: Db;
  tokenTtlSeconds?: number;
  /** The built portal (`dist/`); served with an SPA fallback when it exists. */
  staticDir?: string;
  /** Delivers verification codes; by default mail by SMTP (`mail`) and SMS by webhook (`sms`) when set, else the file. */
  notifier?: Notifier;
  /** The file notifier's file (NOTIFY_FILE); `${dataDir}/notifications.jsonl` by default. */
  notifyFile?: string;
  /** SMTP_URL and MAIL_FROM (notify/mail.ts). */
  mail?: { url: string; from: string };
  /** SMS_WEBHOOK_URL and SMS_WEBHOOK_SECRET (notify/sms.ts). */
  sms?: { url: string; secret: string };
  /** Clock injection for tests (token expiry, code expiry, rate-limit windows). */
  now?: () => Date;
  logLevel?: string;
  /**
   * A log line per request and per answer (LOG_REQUESTS=1). Off by default: at the default
   * level they cost 15 to 20% of list throughput, and an operator in production wants errors,
   * starts and housekeeping in the log, not every notice list read.
   */
  logRequests?: boolean;
  /** Where the log lines go (tests); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** Enables the operator endpoints the CLI uses while the server runs. */
  operatorSecret?: string;
  /** How long public list answers are fresh (search matches: five times as long); 0 disables (tests). */
  listCacheMs?: number;
  /** Apply migrations on build (default true). */
  migrate?: boolean;
  /**
   * Check every success answer against its response schema, refusing fields the contract does
   * not declare (the test suites; costs a parse per answer).
   */
  checkResponses?: boolean;
  /** The buyer's IANA time zone (TIME_ZONE, server/env.ts); Asia/Shanghai by default. */
  timeZone?: string;
  /** The visit-pass signing secret (PASS_SECRET); else `${dataDir}/pass.secret`, created on first start. */
  passSecret?: string;
  /** RECEIPT_KEY: the Ed25519 key (PKCS #8 PEM) receipts are signed with; else one kept in DATA_DIR (security/receipt-keys.ts). */
  receiptKey?: string;
  /**
   * The proxies whose X-Forwarded-For is believed (TRUST_PROXY, server/env.ts): a hop count or
   * addresses and CIDR ranges. None by default: the socket's address is the client's, and a
   * forged header cannot pick the address the rate limits count.
   */
  trustProxy?: number | string[];
  /** HTTP timeouts in milliseconds (DEFAULT_TIMEOUTS); tests make them short. */
  timeouts?: Partial<HttpTimeouts>;
  /** At most this many open connections (MAX_CONNECTIONS); further ones are closed at once. */
  maxConnections?: number;
  /** At most this many of them from one address (MAX_CONNECTIONS_PER_ADDRESS; TRUST_PROXY's proxies exempt). */
  maxConnectionsPerAddress?: number;
  /** Waits (the per-address login delay: Services.sleep); tests do not really sleep. */
  sleep?: (ms: number) => Promise<void>;
  /** Quotas on anonymous writes and the cap on unclaimed uploads (DEFAULT_QUOTAS); tests make them small. */
  quotas?: Partial<Quotas>;
  /** Origins other than the service's own that may use the tus endpoint (ALLOWED_ORIGINS); none by default. */
  allowedOrigins?: string[];
  /**
   * Who may read `/metrics` (METRICS_ALLOW, server/env.ts): addresses, CIDR ranges and the names
   * loopback, linklocal, uniquelocal, matched against the connection's peer (never
   * X-Forwarded-For); loopback by default; false: no `/metrics` at all.
   */
  metricsAllow?: string[] | false;
}

export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this (Node's requestTimeout; answered 408). */
  requestMs: number;
  /** The headers must arrive within this. */
  headersMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /** A connection on which nothing moves either way (a client that stops reading an answer) is closed after this. */
  idleMs: number;
}

/**
 * Slow clients (slowloris, a body dribbled a byte at a time, an answer never read) must not hold
 * connections. Headers come in one packet: 10 s is generous. A request has 120 s in all: a tus
 * part is 1 MB (8 s at 1 Mbit/s) and a /file/upload of the 50 MB maximum needs 3.5 Mbit/s, a
 * common office or 4G uplink (REQUEST_TIMEOUT_SECONDS raises it). Kept-alive connections idle
 * for 5 s are closed, Node's own default (KEEP_ALIVE_TIMEOUT_SECONDS; behind a load balancer
 * that reuses upstream connections set it above the balancer's idle timeout). 60 s without a
 * byte either way ends a connection whose client stopped reading, and no handler here is silent
 * that long. Together with MAX_CONNECTIONS this bounds what slow clients can hold.
 */
export const DEFAULT_TIMEOUTS: HttpTimeouts = {
  requestMs: 120_000,
  headersMs: 10_000,
  keepAliveMs: 5_000,
  idleMs: 60_000,
};
export const DEFAULT_MAX_CONNECTIONS = 1000;
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 200;

const JSON_BODY_LIMIT = 1024 * 1024;

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Runtime style attributes (Tailwind, positioning of dialogs) need inline styles.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // The service worker, and the unzip workers (fflate, under read-excel-file) that read a large
  // bill of materials off the main thread: they are made from blob: URLs by our own script.
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Plain http on a LAN address must keep working; TLS is the proxy's business.
  upgradeInsecureRequests: null,
};

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const dataDir = resolve(opts.dataDir);
  const opened =
    opts.db ??
    (await openDb({
      databaseUrl: opts.databaseUrl,
      searchConnections: opts.searchConnections,
      dataDir: opts.memoryDb ? undefined : dataDir,
    }));
  const migrations = opts.migrate !== false ? await migrate(opened) : null;
  const metrics = createMetrics({ pool: opened.poolStats });
  // Every statement and transaction of the app is timed (db_query_duration_seconds).
  const timedQuery = metrics.dbDuration.labels('query');
  const timedTransaction = metrics.dbDuration.labels('transaction');
  const db = timedDb(opened, (kind, seconds) => (kind === 'query' ? timedQuery : timedTransaction).observe(seconds));

  const timeouts: HttpTimeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const app = Fastify({
    logger: {
      level: opts.logLevel ?? 'info',
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    logController: new LogController({
      disableRequestLogging: !opts.logRequests,
    }),
    // Every log line of a request carries its id: the caller's X-Request-Id, or a new one.
    genReqId: requestIdOf,
    bodyLimit: JSON_BODY_LIMIT,
    // Malformed HTTP, oversize headers and timeouts answer the envelope too (http/client-error.ts).
    clientErrorHandler,
    trustProxy: trustProxyOption(opts.trustProxy),
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks the request and headers timeouts of open connections at this interval (30 s
    // by default, which would let a dribbled body live 30 s past its limit).
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      connectionsCheckingInterval: Math.max(25, Math.min(1000, timeouts.headersMs / 4)),
    },
    routerOptions: {
      // Indexed arrays (`a[0]=x`) as the portal sends them; bounded against abuse.
      querystringParser: (s) =>
        qs.parse(s, {
          depth: 3,
          arrayLimit: 50,
          parameterLimit: 100,
        }) as Record<string, unknown>,
    },
  });
  app.server.maxConnections = opts.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  guardConnections(app.server, {
    perAddress: opts.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
    // Behind proxies named by a hop count every peer is one of them; named ones by address.
    exempt: typeof opts.trustProxy === 'number' ? () => opts.trustProxy !== 0 : addressMatcher(opts.trustProxy ?? []),
  });
  // Which migrations this start applied (none when the schema was up to date).
  if (migrations) app.log.info({ applied: migrations }, migrations.length ? 'migrations applied' : 'database schema up to date');
  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed by the handlers and checked against the contract in the tests; plain
  // JSON here keeps the public lists fast.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Codes go to the file unless a transport is configured for their way (env.ts).
  const mailer = opts.mail && !opts.notifier ? smtpNotifier(opts.mail.url, opts.mail.from) : undefined;
  const defaultNotifier = () => {
    const file = fileNotifier(opts.notifyFile ?? join(dataDir, 'notifications.jsonl'), app.log, opts.now);
    return routedNotifier({
      mail: mailer ?? file,
      phone: opts.sms ? smsWebhookNotifier(opts.sms.url, opts.sms.secret) : file,
    });
  };
  const services: Services = {
    db,
    storage: new FileStorage(join(dataDir, 'files')),
    notifier: opts.notifier ?? defaultNotifier(),
    listCache: new ListCache(opts.listCacheMs ?? 2000),
    now: opts.now ?? (() => new Date()),
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 7200,
    timeZone: opts.timeZone ?? DEFAULT_TIME_ZONE,
    receipts: createReceipts(await loadReceiptKeys(dataDir, opts.receiptKey)),
    passSecret: loadPassSecret(dataDir, opts.passSecret),
    quotas: { ...DEFAULT_QUOTAS, ...opts.quotas },
    metrics,
    sleep: opts.sleep ?? ((ms) => new Promise<void>((done) => setTimeout(done, ms))),
  };
  app.decorate('services', services);
  app.decorate('checkResponses', opts.checkResponses ?? false);
  // Routes add their readiness checks (routes/file/tus.ts: the tus locks' LISTEN connection).
  const lifecycle: Lifecycle = { shuttingDown: false, checks: [] };
  app.decorate('lifecycle', lifecycle);
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', async (req, reply) => {
    req.locale = localeFromHeader(req.headers['accept-language']);
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  app.addHook('onClose', async () => {
    mailer?.close();
    if (!opts.db) await db.close();
  });

  const spa = Boolean(opts.staticDir && existsSync(join(opts.staticDir, 'index.html')));
  const indexHtml = spa ? readFileSync(join(opts.staticDir!, 'index.html'), 'utf8') : '';
  // The shell as served: with the buyer's time zone (http/html-page.ts).
  const shell = spa ? htmlPage(servedShell(indexHtml, services.timeZone), true) : null;
  installErrorHandling(app, shell);
  // Before the routes, so that its hook counts every one of them.
  installMetrics(app, metrics, opts.metricsAllow ?? ['loopback']);

  // External plugins.
  const scriptSrc = [...CSP.scriptSrc, ...inlineScriptHashes(indexHtml)];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CSP, scriptSrc },
    },
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1 },
  });
  installJsonParser(app);
  await app.register(swagger, swaggerOptions(services.receipts.keySet));

  // Routes.
  await app.register(healthRoutes, { lifecycle });
  await registerRoutes(app, { dataDir, allowedOrigins: opts.allowedOrigins ?? [], databaseUrl: opts.databaseUrl });
  if (opts.operatorSecret)
    await app.register(opsRoutes, {
      secret: opts.operatorSecret,
      dataDir,
      passSecretFromEnv: Boolean(opts.passSecret),
      receiptKeyFromEnv: Boolean(opts.receiptKey),
    });
  app.get(`${BASE_PATH}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  if (shell) await servePortal(app, opts.staticDir!, shell);
  return app;
}

/**
 * Fastify's trustProxy: nothing trusted by default; a hop count trusts that many proxies nearest
 * the server (as Fastify does with a number, which its types do not list); addresses and CIDR
 * ranges go to proxy-addr as they are.
 */
function trustProxyOption(trust: AppOptions['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust > 0 ? (_address, hop) => hop < trust : false;
  return trust?.length ? trust : false;
}

/** JSON with secure prototype handling (Fastify's own parser), where an empty body is `{}`. */
function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    // Fastify's own parser answers through `done`; its type also allows a parser that returns a promise.
    void parse(req, text, done);
  });
}
