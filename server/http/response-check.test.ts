import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerProblems } from './response-check';

const schema = z.object({
  records: z.array(z.object({ id: z.string(), title: z.string() })),
  total: z.number().int(),
  byType: z.record(z.string(), z.array(z.object({ code: z.string() }))),
});
const answer = { records: [{ id: '1', title: 'a' }], total: 1, byType: { x: [{ code: 'c' }] } };

describe('answerProblems', () => {
  it('passes an answer that is exactly the contract', () => {
    expect(answerProblems(schema, answer)).toEqual([]);
  });

  it('names a field the contract does not declare, at any depth', () => {
    expect(answerProblems(schema, { ...answer, passwordHash: 'x' })).toEqual(['passwordHash: not in the contract']);
    expect(answerProblems(schema, { ...answer, records: [{ id: '1', title: 'a', owner_supplier_id: 7 }] })).toEqual([
      'records[0].owner_supplier_id: not in the contract',
    ]);
    expect(answerProblems(schema, { ...answer, byType: { x: [{ code: 'c', sort: 1 }] } })).toEqual([
      'byType.x[0].sort: not in the contract',
    ]);
  });

  it('names a missing or mistyped field', () => {
    expect(answerProblems(schema, { ...answer, total: '1' })).toEqual([expect.stringMatching(/^total: /)]);
    expect(answerProblems(schema, { records: [], byType: {} })).toEqual([expect.stringMatching(/^total: /)]);
  });
});
