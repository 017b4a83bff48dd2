import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import { BASE_PATH } from '../contract/http';
import { localeFromHeader } from '../contract/locales';
import { MAX_FILE_BYTES } from '../contract/limits';
import { openDb, type Db } from './db/db';
import { migrate } from './db/migrate';
import { FileStorage } from './files/storage';
import type { Services } from './http/context';
import { installErrorHandling } from './http/error-handler';
import { inlineScriptHashes } from './http/inline-scripts';
import { fileNotifier, type Notifier } from './notify/notifier';
import { loadPassSecret } from './security/pass';
import { businessRoutes } from './routes/business';
import { commonRoutes } from './routes/common';
import { communicationRoutes } from './routes/communication';
import { enquiryRoutes } from './routes/enquiry';
import { fileRoutes } from './routes/file';
import { tusRoutes } from './routes/file/tus';
import { h5Routes } from './routes/h5';
import { homeRoutes } from './routes/home';
import { opsRoutes } from './routes/ops';
import { profileRoutes } from './routes/supplier/profile';
import { recoveryRoutes } from './routes/supplier/recovery';
import { sessionRoutes } from './routes/supplier/session';
import { tenderRoutes } from './routes/tender';
import { visitApplyRoutes } from './routes/visit-apply';
import { ListCache } from './services/list-cache';

export interface AppOptions {
  /** Files (`files/`), the embedded database (`pgdata/`) and notifications live here. */
  dataDir: string;
  /** A PostgreSQL URL; without it PGlite runs in `${dataDir}/pgdata`, or in memory when `memoryDb`. */
  databaseUrl?: string;
  memoryDb?: boolean;
  /** An already opened database (tests share one per file). */
  db?: Db;
  tokenTtlSeconds?: number;
  /** The built portal (`dist/`); served with an SPA fallback when it exists. */
  staticDir?: string;
  notifier?: Notifier;
  notifyFile?: string;
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
  /** The visit-pass signing secret (PASS_SECRET); else `${dataDir}/pass.secret`, created on first start. */
  passSecret?: string;
}

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
  const db = opts.db ?? (await openDb({ databaseUrl: opts.databaseUrl, dataDir: opts.memoryDb ? undefined : dataDir }));
  if (opts.migrate !== false) await migrate(db);

  const app = Fastify({
    logger: { level: opts.logLevel ?? 'info', ...(opts.logStream ? { stream: opts.logStream } : {}) },
    logController: new LogController({ disableRequestLogging: !opts.logRequests }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: false,
    routerOptions: {
      // Indexed arrays (`a[0]=x`) as the portal sends them; bounded against abuse.
      querystringParser: (s) => qs.parse(s, { depth: 3, arrayLimit: 50, parameterLimit: 100 }) as Record<string, unknown>,
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed by the handlers and checked against the contract in the tests; plain
  // JSON here keeps the public lists fast.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const services: Services = {
    db,
    storage: new FileStorage(join(dataDir, 'files')),
    notifier: opts.notifier ?? fileNotifier(opts.notifyFile ?? join(dataDir, 'notifications.jsonl'), app.log, opts.now),
    listCache: new ListCache(opts.listCacheMs ?? 2000),
    now: opts.now ?? (() => new Date()),
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 7200,
    passSecret: loadPassSecret(dataDir, opts.passSecret),
  };
  app.decorate('services', services);
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', async (req) => {
    req.locale = localeFromHeader(req.headers['accept-language']);
  });
  app.addHook('onClose', async () => {
    if (!opts.db) await db.close();
  });

  const spa = Boolean(opts.staticDir && existsSync(join(opts.staticDir, 'index.html')));
  installErrorHandling(app, spa);

  // External plugins.
  const scriptSrc = [...CSP.scriptSrc, ...(spa ? inlineScriptHashes(readFileSync(join(opts.staticDir!, 'index.html'), 'utf8')) : [])];
  await app.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: { ...CSP, scriptSrc } }, hsts: false, crossOriginEmbedderPolicy: false });
  await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT });
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1 } });
  installJsonParser(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bid service', version: '1.0.0', description: 'Every answer is HTTP 200 with { code, message, data }; E000 is success (DESIGN.md section 3).' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } },
    },
    transform: jsonSchemaTransform,
  });

  // Routes.
  await app.register(businessRoutes);
  await app.register(sessionRoutes);
  await app.register(profileRoutes);
  await app.register(recoveryRoutes);
  await app.register(commonRoutes);
  await app.register(fileRoutes);
  await app.register(tusRoutes, { dataDir });
  await app.register(communicationRoutes);
  await app.register(tenderRoutes);
  await app.register(enquiryRoutes);
  await app.register(visitApplyRoutes);
  await app.register(homeRoutes);
  await app.register(h5Routes);
  if (opts.operatorSecret) await app.register(opsRoutes, { secret: opts.operatorSecret });
  app.get(`${BASE_PATH}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  if (spa) {
    await app.register(fastifyStatic, {
      root: resolve(opts.staticDir!),
      wildcard: true,
      cacheControl: false,
      // The build's brotli and gzip variants (server/http/precompress.ts), chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed assets never change; the shell and the service worker must be revalidated.
        res.setHeader('cache-control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  return app;
}

/** JSON with secure prototype handling (Fastify's own parser), where an empty body is `{}`. */
function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    parse(req, text, done);
  });
}
