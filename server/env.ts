import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../contract/time-zone';
import { DEFAULT_SEARCH_CONNECTIONS } from './db/search-lane';

/** Configuration shared by the server (main.ts) and the operator CLI (cli.ts). */
export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  tokenTtlSeconds: number;
  notifyFile?: string;
  logLevel: string;
  /** LOG_REQUESTS=1: a log line per request (off by default, see AppOptions.logRequests). */
  logRequests: boolean;
  /** The built portal to serve; none when STATIC_DIR is set empty (development, where Vite serves it). */
  staticDir?: string;
  /**
   * TIME_ZONE: the buyer's IANA time zone, in which every time a person reads is shown and record
   * numbers are dated; a production base without its own zone keeps its gate passes' days in it.
   * Asia/Shanghai when unset. Never the server's own TZ.
   */
  timeZone: string;
  /** Signs visit passes; instances behind one load balancer must share it. */
  passSecret?: string;
  /** RECEIPT_KEY: the Ed25519 key receipts are signed with (PKCS #8 PEM); else one kept in DATA_DIR. */
  receiptKey?: string;
  /**
   * Whether a first start seeds the demo data (three supplier accounts with a published
   * password): SEED_DEMO=1 or 0 when given; else only on the embedded database outside
   * production, never on DATABASE_URL nor with NODE_ENV=production.
   */
  seedDemo: boolean;
  /** TRUST_PROXY: a hop count or addresses/CIDR ranges whose X-Forwarded-For is believed; none when unset. */
  trustProxy?: number | string[];
  /**
   * METRICS_ALLOW: who may read /metrics, by the connection's own peer address (never
   * X-Forwarded-For): addresses, CIDR ranges and the names loopback, linklocal, uniquelocal;
   * ['loopback'] when unset; false (`off`) when there is to be no /metrics.
   */
  metricsAllow: string[] | false;
  /** REQUEST_TIMEOUT_SECONDS: the whole request (headers and body) must arrive within this. */
  requestTimeoutSeconds: number;
  /** KEEP_ALIVE_TIMEOUT_SECONDS: an idle kept-alive connection is closed after this. */
  keepAliveTimeoutSeconds: number;
  /** MAX_CONNECTIONS: open connections beyond this are closed at once. */
  maxConnections: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: what one client address may hold of them (TRUST_PROXY's proxies are exempt). */
  maxConnectionsPerAddress: number;
  /** SEARCH_CONNECTIONS: PostgreSQL connections public searches may hold at once (server/db/db.ts). */
  searchConnections: number;
  /** On SIGTERM, requests in flight get this long to finish before the process exits anyway. */
  shutdownTimeoutSeconds: number;
  /** ALLOWED_ORIGINS: origins besides the service's own that may upload by tus (comma-separated); none when unset. */
  allowedOrigins: string[];
  /** SMTP_URL and MAIL_FROM: codes by mail go out over SMTP; to the notification file when unset. */
  mail?: { url: string; from: string };
  /** SMS_WEBHOOK_URL and SMS_WEBHOOK_SECRET: codes by SMS go to the buyer's endpoint; to the notification file when unset. */
  sms?: { url: string; secret: string };
}

/** A variable with a bad value; the message names every one of them and what is wrong. */
export class EnvError extends Error {
  override name = 'EnvError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** proxy-addr's names for address ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

const shown = (raw: string) => JSON.stringify(raw);
/** Unset and empty are the same: `FOO=` in a compose file or unit means "the default". */
const blank = (raw: string | undefined): raw is undefined => raw === undefined || raw.trim() === '';

/** What a variable's reader answers for a bad value: the rest of "NAME must be ...". */
class Problem {
  constructor(readonly text: string) {}
}
const problem = (text: string) => new Problem(text);

/** A variable read by `read`, which answers the value or a Problem. */
function variable<T>(name: string, read: (raw: string | undefined) => T | Problem) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      const result = read(raw);
      if (!(result instanceof Problem)) return result;
      ctx.addIssue({ code: 'custom', message: `${name} ${result.text}` });
      return z.NEVER;
    });
}

function integer(name: string, min: number, max: number, fallback: number) {
  return variable(name, (raw) => {
    if (blank(raw)) return fallback;
    const n = Number(raw.trim());
    return /^\d+$/.test(raw.trim()) && n >= min && n <= max
      ? n
      : problem(`must be an integer between ${min} and ${max}, got ${shown(raw)}`);
  });
}

function isCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false`, `0` or empty trust nothing; an integer trusts that many proxies nearest
 * the server; otherwise a comma-separated list of addresses, CIDR ranges or proxy-addr's names
 * (loopback, linklocal, uniquelocal). `true` is refused: believing every X-Forwarded-For lets any
 * client choose the address the rate limits count.
 */
function trustProxy(raw: string | undefined): number | string[] | undefined | Problem {
  const expected = `must be a hop count or a comma-separated list of addresses and CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)`;
  if (blank(raw) || ['false', '0'].includes(raw.trim().toLowerCase())) return undefined;
  const value = raw.trim();
  if (value.toLowerCase() === 'true') return problem(`${expected}; "true" would believe a forged X-Forwarded-For from anyone`);
  if (/^\d+$/.test(value)) return Number(value) <= 100 ? Number(value) : problem(`${expected}, got ${shown(raw)}`);
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !PROXY_RANGES.includes(e) && !isCidr(e));
  return bad === undefined ? entries : problem(`${expected}, got ${shown(bad)}`);
}

/** `address@domain` or `Display Name <address@domain>`. */
const MAIL_FROM_RE = /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

/**
 * METRICS_ALLOW: unset or empty allow loopback only (a Prometheus on the same host, or a sidecar);
 * `off` (or `false`, `none`) removes the endpoint; otherwise a comma-separated list of addresses,
 * CIDR ranges and proxy-addr's names, as TRUST_PROXY takes them.
 */
function metricsAllow(raw: string | undefined): string[] | false | Problem {
  if (blank(raw)) return ['loopback'];
  const value = raw.trim();
  if (['off', 'false', 'none'].includes(value.toLowerCase())) return false;
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !PROXY_RANGES.includes(e) && !isCidr(e));
  return bad === undefined
    ? entries
    : problem(
        `must be off or a comma-separated list of addresses, CIDR ranges and the names ${PROXY_RANGES.join(', ')} (e.g. loopback,10.0.0.0/8), got ${shown(bad)}`,
      );
}

const HOSTNAME_RE = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/** A yes/no variable: 1, true, 0 or false; unset (or empty) answers undefined. */
function flag(raw: string | undefined): boolean | undefined | Problem {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '') return undefined;
  if (['1', 'true'].includes(value)) return true;
  if (['0', 'false'].includes(value)) return false;
  return problem(`must be 1, true, 0 or false, got ${shown(raw!)}`);
}

const variables = z.object({
  PORT: integer('PORT', 1, 65535, 8080),
  HOST: variable('HOST', (raw) => {
    if (blank(raw)) return '0.0.0.0';
    const host = raw.trim();
    return isIP(host) || HOSTNAME_RE.test(host) ? host : problem(`must be an IP address or a host name, got ${shown(raw)}`);
  }),
  DATA_DIR: variable('DATA_DIR', (raw) => resolve(blank(raw) ? './data' : raw)),
  DATABASE_URL: variable('DATABASE_URL', (raw) => {
    if (blank(raw)) return undefined;
    const url = URL.canParse(raw.trim()) ? new URL(raw.trim()) : null;
    return url && ['postgres:', 'postgresql:'].includes(url.protocol) ? raw.trim() : problem('must be a postgres:// or postgresql:// URL');
  }),
  // Up to 30 days; a few seconds are for tests of expiry.
  TOKEN_TTL_SECONDS: integer('TOKEN_TTL_SECONDS', 1, 30 * 86_400, 7200),
  NOTIFY_FILE: variable('NOTIFY_FILE', (raw) => (blank(raw) ? undefined : raw)),
  LOG_LEVEL: variable('LOG_LEVEL', (raw) => {
    if (blank(raw)) return 'info';
    const level = raw.trim().toLowerCase();
    return (LOG_LEVELS as readonly string[]).includes(level)
      ? level
      : problem(`must be one of ${LOG_LEVELS.join(', ')}, got ${shown(raw)}`);
  }),
  LOG_REQUESTS: variable('LOG_REQUESTS', (raw) => flag(raw) ?? false),
  SEED_DEMO: variable('SEED_DEMO', flag),
  NODE_ENV: variable('NODE_ENV', (raw) => raw?.trim() ?? ''),
  // Set empty on purpose in development: Vite serves the portal.
  STATIC_DIR: variable('STATIC_DIR', (raw) => (raw === '' ? undefined : resolve(raw ?? 'dist'))),
  TIME_ZONE: variable('TIME_ZONE', (raw) => {
    if (blank(raw)) return DEFAULT_TIME_ZONE;
    return isTimeZone(raw.trim())
      ? raw.trim()
      : problem(`must be an IANA time zone such as Asia/Shanghai or Asia/Ho_Chi_Minh, got ${shown(raw)}`);
  }),
  PASS_SECRET: variable('PASS_SECRET', (raw) => {
    if (!raw) return undefined;
    return raw.length >= 32 ? raw : problem(`must be at least 32 characters, got ${raw.length}`);
  }),
  RECEIPT_KEY: variable('RECEIPT_KEY', (raw) => {
    if (blank(raw)) return undefined;
    // A PEM in one line of a unit or compose file: its line breaks written as \n.
    const pem = raw.trim().replaceAll('\\n', '\n');
    try {
      const key = createPrivateKey(pem);
      return key.asymmetricKeyType === 'ed25519' ? pem : problem(`must be an Ed25519 key, got a ${key.asymmetricKeyType ?? 'secret'} key`);
    } catch {
      return problem('must be an Ed25519 private key in PKCS #8 PEM (-----BEGIN PRIVATE KEY-----)');
    }
  }),
  TRUST_PROXY: variable('TRUST_PROXY', trustProxy),
  METRICS_ALLOW: variable('METRICS_ALLOW', metricsAllow),
  REQUEST_TIMEOUT_SECONDS: integer('REQUEST_TIMEOUT_SECONDS', 10, 3600, 120),
  KEEP_ALIVE_TIMEOUT_SECONDS: integer('KEEP_ALIVE_TIMEOUT_SECONDS', 1, 600, 5),
  MAX_CONNECTIONS: integer('MAX_CONNECTIONS', 1, 1_000_000, 1000),
  MAX_CONNECTIONS_PER_ADDRESS: integer('MAX_CONNECTIONS_PER_ADDRESS', 1, 1_000_000, 200),
  SEARCH_CONNECTIONS: integer('SEARCH_CONNECTIONS', 1, 100, DEFAULT_SEARCH_CONNECTIONS),
  SHUTDOWN_TIMEOUT_SECONDS: integer('SHUTDOWN_TIMEOUT_SECONDS', 1, 3600, 25),
  ALLOWED_ORIGINS: variable<string[]>('ALLOWED_ORIGINS', (raw) => {
    const origins = blank(raw)
      ? []
      : raw
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean);
    const bad = origins.find((o) => !URL.canParse(o) || new URL(o).origin !== o);
    return bad === undefined ? origins : problem(`must be comma-separated origins such as https://portal.example.com, got ${shown(bad)}`);
  }),
  SMTP_URL: variable('SMTP_URL', (raw) => {
    if (blank(raw)) return undefined;
    const url = URL.canParse(raw.trim()) ? new URL(raw.trim()) : null;
    return url && ['smtp:', 'smtps:'].includes(url.protocol) && url.hostname
      ? raw.trim()
      : problem('must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465');
  }),
  MAIL_FROM: variable('MAIL_FROM', (raw) => {
    if (blank(raw)) return undefined;
    return MAIL_FROM_RE.test(raw.trim()) ? raw.trim() : problem(`must be an address or "Name <address>", got ${shown(raw)}`);
  }),
  SMS_WEBHOOK_URL: variable('SMS_WEBHOOK_URL', (raw) => {
    if (blank(raw)) return undefined;
    const url = URL.canParse(raw.trim()) ? new URL(raw.trim()) : null;
    return url && ['http:', 'https:'].includes(url.protocol) ? raw.trim() : problem('must be an http:// or https:// URL');
  }),
  SMS_WEBHOOK_SECRET: variable('SMS_WEBHOOK_SECRET', (raw) => {
    if (blank(raw)) return undefined;
    return raw.trim().length >= 16 ? raw.trim() : problem(`must be at least 16 characters, got ${raw.trim().length}`);
  }),
});

/** A transport needs both of its variables: half a configuration would silently fall back to the file. */
const schema = variables.superRefine((e, ctx) => {
  const both = (set: unknown, other: unknown, message: string) => set && !other && ctx.addIssue({ code: 'custom', message });
  both(e.SMTP_URL, e.MAIL_FROM, 'MAIL_FROM must be set when SMTP_URL is (the sender of the codes)');
  both(e.MAIL_FROM, e.SMTP_URL, 'SMTP_URL must be set when MAIL_FROM is');
  both(e.SMS_WEBHOOK_URL, e.SMS_WEBHOOK_SECRET, 'SMS_WEBHOOK_SECRET must be set when SMS_WEBHOOK_URL is (the endpoint checks it)');
  both(e.SMS_WEBHOOK_SECRET, e.SMS_WEBHOOK_URL, 'SMS_WEBHOOK_URL must be set when SMS_WEBHOOK_SECRET is');
});

/**
 * Reads and checks the environment. A bad value throws an EnvError naming every bad variable
 * and what is wrong with it; main.ts prints it and exits 1 rather than start misconfigured.
 */
export function readEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new EnvError(`Invalid environment:\n${parsed.error.issues.map((i) => `  ${i.message}`).join('\n')}`);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    notifyFile: e.NOTIFY_FILE,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    seedDemo: e.SEED_DEMO ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
    staticDir: e.STATIC_DIR,
    timeZone: e.TIME_ZONE,
    passSecret: e.PASS_SECRET,
    receiptKey: e.RECEIPT_KEY,
    trustProxy: e.TRUST_PROXY,
    metricsAllow: e.METRICS_ALLOW,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    keepAliveTimeoutSeconds: e.KEEP_ALIVE_TIMEOUT_SECONDS,
    maxConnections: e.MAX_CONNECTIONS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    searchConnections: e.SEARCH_CONNECTIONS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    allowedOrigins: e.ALLOWED_ORIGINS,
    mail: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    sms: e.SMS_WEBHOOK_URL && e.SMS_WEBHOOK_SECRET ? { url: e.SMS_WEBHOOK_URL, secret: e.SMS_WEBHOOK_SECRET } : undefined,
  };
}

/** The secret the CLI shows to the operator endpoints; readable by this account only. */
export function operatorSecretFile(dataDir: string): string {
  return join(dataDir, 'operator.secret');
}
