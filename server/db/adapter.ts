import { AsyncLocalStorage } from 'node:async_hooks';
import type { PreparedParam, Queryable, Tx } from './db';

/** What both adapters (pglite.ts, postgres.ts) share: statement names, literals, transactions. */

export const PREPARED_NAME_RE = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A parameter as an SQL literal, for PGlite's EXECUTE (its API has no named statements, and a
 * utility statement takes no bound parameters). Strings are quoted with their quotes doubled,
 * complete under standard_conforming_strings (on by default, checked once below).
 */
export function literal(value: PreparedParam): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  const text = value instanceof Date ? value.toISOString() : value;
  if (text.includes('\0')) throw new Error('a NUL character cannot be a parameter');
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Marks the async context of an open transaction. PGlite has one connection: a query on the
 * database from inside a transaction would wait for that transaction forever, and on `pg` it
 * would silently run outside it. Both are bugs, so they fail at once instead.
 */
export const insideTransaction = new AsyncLocalStorage<true>();
export function refuseNested(): void {
  if (insideTransaction.getStore())
    throw new Error('the database was used inside a transaction: use the transaction handed to the callback');
}

/** A transaction's queries, with savepoints for nested units of work. */
export function withSavepoints(query: Queryable['query']): Tx {
  let depth = 0;
  const tx: Tx = {
    query,
    async transaction(fn) {
      const name = `sp_${++depth}`;
      await query(`SAVEPOINT ${name}`);
      try {
        const result = await fn(tx);
        await query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      } finally {
        depth--;
      }
    },
  };
  return tx;
}
