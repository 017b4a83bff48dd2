import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import type { Services } from './context';
import { installErrorHandling } from './error-handler';
import { testDb } from '../test/engine';

/** A bare app whose one route sends its input to the database unchecked, as a missed rule would. */
const { db, drop } = await testDb();
await db.exec('CREATE TABLE short_texts (s varchar(2))');
const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompiler);
app.decorate('services', { db, now: () => new Date() } as unknown as Services);
app.decorateRequest('locale', 'en');
installErrorHandling(app, null);
app.post('/unchecked', async (req) => {
  const { sql, value } = req.body as { sql: string; value: string };
  return db.query(sql, [value]);
});
await app.ready();
afterAll(async () => {
  await app.close();
  await drop();
});

const send = async (sql: string, value: string) => {
  const res = await app.inject({ method: 'POST', url: '/unchecked', payload: { sql, value } });
  return { status: res.statusCode, reason: res.headers['x-reason'], ...(res.json() as { code: string; message: string }) };
};

describe('a data exception of the database (SQLSTATE class 22)', () => {
  it.each([
    ['a NUL in a text (22021)', 'SELECT $1::text AS t', 'a\u0000b'],
    ['not a number (22P02)', 'SELECT $1::int AS n', 'twelve'],
    ['a number out of range (22003)', 'SELECT $1::int AS n', '99999999999'],
    ['a date out of range (22008)', 'SELECT $1::date AS d', '2026-13-45'],
    ['a text too long for its column (22001)', 'INSERT INTO short_texts (s) VALUES ($1)', 'abc'],
  ])('answers %s with E400, never E500', async (_, sql, value) => {
    expect(await send(sql, value)).toMatchObject({
      status: 200,
      code: 'E400',
      message: 'Some of the data is invalid, please check and try again',
      reason: 'invalid',
    });
  });

  it('still answers other database errors with E500', async () => {
    expect(await send('SELECT * FROM no_such_table WHERE $1::text IS NOT NULL', 'x')).toMatchObject({ code: 'E500' });
  });
});
