import type { SupplierStatusCode } from '../../contract/limits';
import type { Lifecycle } from './health';
import type { Metrics } from './metrics';
import type { Locale } from '../../contract/locales';
import type { Db } from '../db/db';
import type { FileStorage } from '../files/storage';
import type { Notifier } from '../notify/notifier';
import type { ListCache } from '../services/list-cache';
import type { Quotas } from '../services/quotas';
import type { Receipts } from '../services/receipts';

/**
 * The caller behind a valid token: a live session and its supplier as they are now, read in one
 * statement with the session on every call, so the status rules need no second read.
 */
export interface Session {
  supplierId: string;
  username: string;
  tokenHash: string;
  supplierCode: string;
  status: SupplierStatusCode;
  supplierName: string;
  contactName: string;
}

/** What every route needs, decorated on the app once (app plugins, DESIGN.md section 2). */
export interface Services {
  db: Db;
  storage: FileStorage;
  notifier: Notifier;
  listCache: ListCache;
  now: () => Date;
  tokenTtlSeconds: number;
  /** The buyer's IANA time zone (TIME_ZONE): record numbers' dates, and gate passes of a base without its own. */
  timeZone: string;
  /** Signs receipts for what suppliers submit, and checks them (services/receipts.ts). */
  receipts: Receipts;
  /** Signs the visitors' door-opening passes (security/pass.ts). */
  passSecret: Buffer;
  /** Limits on anonymous writes and unclaimed uploads (services/quotas.ts). */
  quotas: Quotas;
  /** Prometheus metrics of this app (http/metrics.ts); `/metrics` serves them. */
  metrics: Metrics;
  /** Waits (the login delay); tests inject one that does not really sleep. */
  sleep: (ms: number) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** main.ts sets `shuttingDown` when told to stop (http/health.ts answers /readyz from it). */
    lifecycle: Lifecycle;
  }
  interface FastifyRequest {
    locale: Locale;
  }
}
