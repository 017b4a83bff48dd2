import { join, resolve } from 'node:path';

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
  /** Signs visit passes; instances behind one load balancer must share it. */
  passSecret?: string;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const ttl = Number(env.TOKEN_TTL_SECONDS ?? 7200);
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    tokenTtlSeconds: Number.isFinite(ttl) && ttl > 0 ? ttl : 7200,
    notifyFile: env.NOTIFY_FILE || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    logRequests: env.LOG_REQUESTS === '1' || env.LOG_REQUESTS === 'true',
    staticDir: env.STATIC_DIR === '' ? undefined : resolve(env.STATIC_DIR ?? 'dist'),
    passSecret: env.PASS_SECRET || undefined,
  };
}

/** The secret the CLI shows to the operator endpoints; readable by this account only. */
export function operatorSecretFile(dataDir: string): string {
  return join(dataDir, 'operator.secret');
}

