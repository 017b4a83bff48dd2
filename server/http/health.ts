import type { FastifyInstance } from 'fastify';
import { migrationFiles } from '../db/migrate';

/** What /readyz may wait for the database before it answers "not ready". */
const READY_TIMEOUT_MS = 2000;

/** A condition of readiness besides the database: why the instance is not ready now, or null. */
export type ReadinessCheck = () => string | null;

export interface Lifecycle {
  /** Set when the instance was told to stop: /readyz answers 503 so the load balancer sends nothing new. */
  shuttingDown: boolean;
  /**
   * Further conditions of readiness, added by what needs them (the tus locks' LISTEN connection,
   * files/pg-locker.ts): /readyz answers 503 with the first reason given.
   */
  checks: ReadinessCheck[];
}

/**
 * Liveness and readiness for a load balancer or an orchestrator, outside the public contract
 * (not in OpenAPI, not under the API's base path): cheap, never cached, never logged (not even
 * with LOG_REQUESTS=1). `/healthz`: the process lives and answers. `/readyz`: the instance is
 * not shutting down, the database answers within 2 s and holds this version's migrations, and
 * every check of `lifecycle.checks` passes (on PostgreSQL: the tus locks' LISTEN connection is
 * up). A 503 says why in `status`.
 */
export async function healthRoutes(app: FastifyInstance, opts: { lifecycle: Lifecycle }): Promise<void> {
  // The newest migration file: a database that lacks it was not migrated by this version.
  const migration = migrationFiles().at(-1)!;
  const quiet = { schema: { hide: true }, logLevel: 'silent' as const };

  app.get('/healthz', quiet, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  /** Why the database keeps the instance from being ready, or null. */
  async function databaseProblem(): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS)));
    try {
      const rows = await Promise.race([app.services.db.query('SELECT 1 FROM schema_migrations WHERE name = $1', [migration]), timeout]);
      return rows.length === 0 ? 'migrations not applied' : null;
    } catch {
      return 'database unavailable';
    } finally {
      clearTimeout(timer);
    }
  }

  app.get('/readyz', quiet, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (opts.lifecycle.shuttingDown) return reply.code(503).send({ status: 'shutting down' });
    const database = await databaseProblem();
    if (database) return reply.code(503).send({ status: database });
    for (const check of opts.lifecycle.checks) {
      const reason = check();
      if (reason) return reply.code(503).send({ status: reason });
    }
    return reply.send({ status: 'ready' });
  });
}
