import type { z } from 'zod';
import type { Endpoint } from '../../contract/endpoints';

/**
 * What is wrong with an answer against its response schema: the schema's own complaints, and
 * every field the answer has that the schema does not declare (zod would silently strip it, so
 * a leaking column would pass a plain parse). Empty when the answer is exactly what the
 * contract says. The bid service checks every success answer with it when `checkResponses` is
 * on (the test suites), so an extra field fails the test that produced it.
 */
export function answerProblems(schema: z.ZodType, data: unknown): string[] {
  const parsed = schema.safeParse(data);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
  const extra: string[] = [];
  undeclared(data, parsed.data, '', extra);
  return extra.map((path) => `${path}: not in the contract`);
}

/** Paths present in `raw` and absent from what the schema kept of it. */
function undeclared(raw: unknown, kept: unknown, path: string, out: string[]): void {
  if (Array.isArray(raw) && Array.isArray(kept)) {
    raw.forEach((item, i) => undeclared(item, kept[i], `${path}[${i}]`, out));
    return;
  }
  if (!isPlainObject(raw) || !isPlainObject(kept)) return;
  for (const [key, value] of Object.entries(raw)) {
    const at = path ? `${path}.${key}` : key;
    if (!Object.hasOwn(kept, key)) out.push(at);
    else undeclared(value, kept[key], at, out);
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

declare module 'fastify' {
  interface FastifyInstance {
    /** Check every success answer against its response schema (AppOptions.checkResponses). */
    checkResponses: boolean;
  }
}

/** Throws (an E500 for the caller, and a line on stderr naming the fields) when an answer strays from the contract. */
export function assertAnswer(e: Endpoint, data: unknown): void {
  const problems = answerProblems(e.response, JSON.parse(JSON.stringify(data ?? null)));
  if (problems.length === 0) return;
  const text = `${e.name} answered outside its contract: ${problems.join('; ')}`;
  console.error(text);
  throw new Error(text);
}
