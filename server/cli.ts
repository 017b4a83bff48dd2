import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { operatorSecretFile, readEnv, type Env } from './env';
import { OPERATOR_HEADER, OPS_PATH } from './routes/ops';
import { OperatorError, runOperatorAction, type OperatorAction } from './services/operator-actions';

const USAGE = `Usage: npm run cli -- <command>
  set-status <username|supplierCode> <A101|A104|A141>
  publish-notice --type bidding|purchasing --title <text> [--days N] [--unit <issuing unit>] [--address <project location>]
  list-suppliers
Uses DATA_DIR, DATABASE_URL and PORT like the server.`;

function parse(argv: string[]): { action: OperatorAction; input: Record<string, unknown> } {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { type: { type: 'string' }, title: { type: 'string' }, days: { type: 'string' }, unit: { type: 'string' }, address: { type: 'string' } },
  });
  switch (command) {
    case 'set-status':
      return { action: 'setStatus', input: { supplier: positionals[0], status: positionals[1] } };
    case 'publish-notice':
      return { action: 'publishNotice', input: { type: values.type, title: values.title, days: values.days, issuingUnit: values.unit, projectAddress: values.address } };
    case 'list-suppliers':
      return { action: 'listSuppliers', input: {} };
    default:
      throw new OperatorError(USAGE);
  }
}

/**
 * PGlite admits one process: while the server runs it owns the data directory, so the action
 * goes to the server's operator endpoint. `null` when no server answers on the port.
 */
async function viaServer(env: Env, action: OperatorAction, input: unknown): Promise<unknown | null> {
  const file = operatorSecretFile(env.dataDir);
  if (!existsSync(file)) return null;
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${env.port}${OPS_PATH}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPERATOR_HEADER]: readFileSync(file, 'utf8').trim() },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return null;
  }
  const body = (await res.json().catch(() => ({}))) as { result?: unknown; error?: string };
  if (!res.ok) throw new OperatorError(`server refused (${res.status}): ${body.error ?? 'unknown error'}`);
  return body.result;
}

async function direct(env: Env, action: OperatorAction, input: unknown): Promise<unknown> {
  const db = await openDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    await migrate(db);
    return await runOperatorAction(db, action, input, new Date());
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const env = readEnv();
  const { action, input } = parse(process.argv.slice(2));
  const remote = await viaServer(env, action, input);
  const result = remote ?? (await direct(env, action, input));
  console.log(JSON.stringify(result, null, 2));
}

main().catch((error: unknown) => {
  const known = error instanceof OperatorError || (error as Error)?.name === 'ZodError';
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
