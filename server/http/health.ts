import type { FastifyInstance } from 'fastify';
import { migrationFiles } from '../db/migrate';

/** What /readyz may wait for the database before it answers "not ready". */
const READY_TIMEOUT_MS = 2000;

export interface Lifecycle {
  /** Set when the instance was told to stop: /readyz answers 503 so the load balancer sends nothing new. */
  shuttingDown: boolean;
}

/**
 * Liveness and readiness for a load balancer or an orchestrator, outside the public contract
 * (not in OpenAPI, not under the API's base path): cheap, never cached, never logged (not even
 * with LOG_REQUESTS=1). `/healthz`: the process lives and answers. `/readyz`: the database
 * answers within 2 s and holds this version's migrations, and the instance is not shutting down.
 */
export async function healthRoutes(app: FastifyInstance, opts: { lifecycle: Lifecycle }): Promise<void> {
  // The newest migration file: a database that lacks it was not migrated by this version.
  const migration = migrationFiles().at(-1)!;
  const quiet = { schema: { hide: true }, logLevel: 'silent' as const };

  app.get('/healthz', quiet, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', quiet, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (opts.lifecycle.shuttingDown) return reply.code(503).send({ status: 'shutting down' });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS)));
    try {
      const rows = await Promise.race([app.services.db.query('SELECT 1 FROM schema_migrations WHERE name = $1', [migration]), timeout]);
      if (rows.length === 0) return reply.code(503).send({ status: 'migrations not applied' });
      return reply.send({ status: 'ready' });
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
