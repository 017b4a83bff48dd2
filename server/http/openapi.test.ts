import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { calls } from '../../contract/calls';
import { BASE_PATH, HEADER, REASON_HEADER, TUS_PATH } from '../../contract/http';
import { build } from '../test/helper';

const t = await build();

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
}
type Doc = { servers?: unknown[]; paths: Record<string, Record<string, Operation>> };

const doc = async () => (await t.app.inject({ method: 'GET', url: `${BASE_PATH}/openapi.json` })).json() as Doc;
const operation = (d: Doc, path: string, method: string) =>
  d.paths[`${BASE_PATH}${path.replace(/\{(\w+)\}/g, '{$1}')}`]![method.toLowerCase()]!;

describe('the OpenAPI document', () => {
  it("has no error under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(await doc()), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    const warnings = problems.filter((p) => p.severity === 'warn').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(warnings).toEqual([]);
  });

  it('describes every call of the contract, with its id, its token requirement and the headers every call carries', async () => {
    const d = await doc();
    expect(d.servers).toHaveLength(1);
    for (const call of Object.values(calls)) {
      const op = operation(d, call.path, call.method);
      expect(op.operationId, call.path).toBe(call.name);
      expect(op.security, call.path).toEqual(call.public ? [{}, { token: [] }] : [{ token: [] }]);
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      expect(headers, call.path).toEqual(expect.arrayContaining([HEADER.supplierId, HEADER.language]));
      expect(op.responses['200']!.headers ?? op.responses['200']!.content, call.path).toBeTruthy();
    }
  });

  it('says which writes take an Idempotency-Key, the multipart upload, the form-encoded download and its file answer', async () => {
    const d = await doc();
    const headersOf = (op: Operation) => (op.parameters ?? []).map((p) => p.name);
    expect(headersOf(operation(d, calls.communicationSave.path, 'POST'))).toContain(HEADER.idempotencyKey);
    expect(headersOf(operation(d, calls.businessListByPage.path, 'POST'))).not.toContain(HEADER.idempotencyKey);
    expect(Object.keys(operation(d, calls.fileUpload.path, 'POST').requestBody!.content)).toEqual(['multipart/form-data']);
    const download = operation(d, calls.fileDownload.path, 'POST');
    expect(Object.keys(download.requestBody!.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(Object.keys(download.responses['200']!.content!)).toContain('application/octet-stream');
    expect(operation(d, calls.communicationSave.path, 'POST').responses['200']!.headers).toHaveProperty(REASON_HEADER);
  });

  it('describes the tus endpoints', async () => {
    const d = await doc();
    expect(Object.keys(d.paths[`${BASE_PATH}${TUS_PATH}`]!).sort()).toEqual(['post']);
    expect(Object.keys(d.paths[`${BASE_PATH}${TUS_PATH}/{id}`]!).sort()).toEqual(['delete', 'head', 'patch']);
  });
});
