import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { endpoints, fillPath, type Endpoint, type EndpointName, type RequestOf } from '../../contract/endpoints';
import { BASE_PATH } from '../../contract/http';
import { message } from '../../contract/messages';
import type { z } from '../../contract/zod';
import { build, CREDIT_CODES, registration } from '../test/helper';
import { tenderKit } from '../test/tenders';
import { PEOPLE, visitKit } from '../test/visit-applications';

/**
 * A NUL in any text of any request is refused with E400 and the `controlCharacters` problem on
 * that field, never E500 (PostgreSQL refuses NUL in text); a lone half of a surrogate pair in
 * any text of a JSON body likewise, with `brokenCharacters` (a query string or a form cannot
 * carry one: UTF-8 has no encoding for it). Generated from the contract: every
 * endpoint of contract/endpoints.ts, every string (or enum, or coerced number) its request
 * schema accepts, found by walking the zod schema, nested objects and arrays included. Each
 * endpoint has a valid sample below (checked against its schema), else one is made from the
 * schema; the NUL goes into one field at a time of that otherwise valid request.
 */

const t = await build();
const tk = tenderKit(t);
const vk = visitKit(t);
const a104 = await tk.session('demo_a104');
const NUL = '\u0000';

type Path = (string | number)[];
interface Leaf {
  path: Path;
  /** `text`: any string is accepted by its type, so the refusal must be `controlCharacters`. */
  kind: 'text' | 'choice' | 'number';
}
interface Walked {
  value: unknown;
  leaves: Leaf[];
}

/** A value the schema's type accepts, and where its string-accepting leaves are. */
function walk(schema: z.ZodType, path: Path = []): Walked {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => walk(def[key] as z.ZodType, path);
  switch (def.type) {
    case 'string':
      return { value: 'a', leaves: [{ path, kind: 'text' }] };
    case 'enum':
      return { value: Object.values(def.entries as Record<string, string>)[0], leaves: [{ path, kind: 'choice' }] };
    case 'number':
      // A coerced number is sent as a text by a form or a query string.
      return { value: 1, leaves: def.coerce ? [{ path, kind: 'number' }] : [] };
    case 'boolean':
      return { value: false, leaves: [] };
    case 'literal':
      return { value: (def.values as unknown[])[0], leaves: [] };
    case 'null':
    case 'unknown':
    case 'any':
      return { value: undefined, leaves: [] };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'lazy':
      return walk((def.getter as () => z.ZodType)(), path);
    case 'object': {
      const value: Record<string, unknown> = {};
      const leaves: Leaf[] = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const w = walk(field, [...path, key]);
        if (w.value !== undefined) value[key] = w.value;
        leaves.push(...w.leaves);
      }
      return { value, leaves };
    }
    case 'array': {
      const w = walk(def.element as z.ZodType, [...path, 0]);
      return { value: [w.value], leaves: w.leaves };
    }
    case 'union': {
      // The option with the most texts (e.g. markRead's `ids` rather than `all: true`).
      const options = (def.options as z.ZodType[]).map((o) => walk(o, path));
      return options.reduce((best, o) => (o.leaves.length > best.leaves.length ? o : best));
    }
    default:
      throw new Error(`control-chars.test.ts: teach walk() the zod type "${def.type}" (at ${path.join('.') || 'the root'})`);
  }
}

/** The hand-made sample, completed from the schema's: arrays it leaves empty get one element. */
function fill(hand: unknown, made: unknown): unknown {
  if (hand === undefined) return made;
  if (Array.isArray(hand) && Array.isArray(made)) return hand.length ? hand.map((h) => fill(h, made[0])) : made;
  if (hand && made && typeof hand === 'object' && typeof made === 'object' && !Array.isArray(hand)) {
    const out: Record<string, unknown> = { ...(made as Record<string, unknown>) };
    for (const [k, v] of Object.entries(hand)) out[k] = fill(v, (made as Record<string, unknown>)[k]);
    return out;
  }
  return hand;
}

function withValueAt(value: unknown, path: Path, put: (old: unknown) => unknown): unknown {
  if (!path.length) return put(value);
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withValueAt(copy[head!], rest, put);
  return copy;
}

/** `bad` in the middle of the value (or in place of it when it is not a text). */
const poisoned = (bad: string) => (old: unknown) =>
  typeof old === 'string' && old.length ? `${old.slice(0, 1)}${bad}${old.slice(1)}` : `x${bad}y`;

// Valid requests, one per endpoint, with real records where a handler would look one up.
const license = await tk.upload('营业执照.pdf', Buffer.from('%PDF-1.4 test'), a104);
const record = (await tk.recordAt(a104, 'signedUp')).record;
const visitBody = await vk.body(a104, PEOPLE.slice(0, 1));
const noticeId = record.noticeId;
const pass = 'v1.eyJ2aWQiOiIxIn0.c2lnbmF0dXJl';
const samples: { [K in EndpointName]?: RequestOf<K> } = {
  businessListByPage: { pageNo: 1, pageSize: 10, searchContent: '纸', bindOrPurchase: 0 },
  businessGetById: { id: noticeId },
  businessGetByProvinceCode: { provinceCode: '44' },
  businessGetCityModelByCityCode: { cityCode: '4419' },
  supplierLogin: { username: 'demo_a104', password: 'Wrong1234' },
  supplierLogout: { username: 'demo_a104' },
  supplierGetByToken: {},
  supplierGetById: {},
  supplierSave: registration(9, license) as RequestOf<'supplierSave'>,
  supplierUpdate: (({ username: _u, newPassword: _n, conPassword: _c, ...fields }) => fields)(
    registration(8, license, { creditCode: CREDIT_CODES[1] }),
  ) as RequestOf<'supplierUpdate'>,
  supplierChangePwd: { username: 'demo_a104', password: 'Wrong1234', newPassword: 'Other1234', conPassword: 'Other1234' },
  supplierForgetPwd: { mail: 'a104@demo.example.com', phone: '', code: '123456', newPassword: 'Other1234', conPassword: 'Other1234' },
  supplierGetCheckCode: { mailOrPhone: 'a104@demo.example.com', way: 'mail' },
  supplierGetProductionBaseOrg: {},
  supplierGetOrgCodeByProductionBase: { productionBase: 'DG' },
  commonGetSelectCodeCommonData: { type: 'currency' },
  fileTusComplete: { uploadId: 'abcdefgh12345678', sha256: 'a'.repeat(64) },
  fileDownload: { filePath: license.path },
  communicationListByPage: { pageNo: 1, pageSize: 10, searchContent: '交期' },
  communicationGetById: { id: 'c-1' },
  communicationSave: { priority: 'medium', topic: '交期', content: '请确认交期', sourceNo: 'ZB001', attachments: [license] },
  communicationReply: { communicationId: 'c-1', detail: '收到', attachments: [license] },
  tenderSignUp: { noticeId },
  tenderListByPage: { pageNo: 1, pageSize: 10, searchContent: '纸' },
  tenderGetById: { id: record.id },
  tenderPayDeposit: (await tk.depositBody(a104, record)) as RequestOf<'tenderPayDeposit'>,
  tenderSubmitBid: (await tk.bidBody(a104, record)) as RequestOf<'tenderSubmitBid'>,
  tenderApplyRefund: { tenderRecordId: record.id, supplierCode: a104.supplierCode, remark: '未中标' },
  tenderAskQuestion: { noticeId, supplierCode: a104.supplierCode, question: '交货地点在哪里？' },
  tenderListQuestions: { noticeId },
  enquiryListByPage: { pageNo: 1, pageSize: 10, searchContent: '纸' },
  enquiryGetById: { id: 'e-1' },
  enquiryQuote: {
    enquiryId: 'e-1',
    round: 1,
    currency: 'CNY',
    taxIncluded: true,
    deliveryDate: '2030-01-31',
    remark: '含运费',
    lines: [{ lineId: 'l-1', price: '100.00' }],
    letter: [license],
  },
  enquiryDownloadTemplate: { id: 'e-1' },
  visitApplyListByPage: { pageNo: 1, pageSize: 10, searchContent: '安装' },
  visitApplyGetById: { id: 'v-1' },
  visitApplySave: { ...visitBody, sourceNo: 'ZB001', copiedFrom: 'v-1' } as RequestOf<'visitApplySave'>,
  visitApplyWithdraw: { id: 'v-1' },
  homeTodoList: { pageNo: 1, pageSize: 10 },
  homeMessageList: { pageNo: 1, pageSize: 10, unreadOnly: false },
  homeMarkRead: { ids: ['m-1'] },
  h5GetVerificationCodeByPhone: { phone: '13700000101' },
  h5GetQrByPhoneAndVerificationCode: { phone: '13700000101', code: '123456' },
  h5GetValidItemByVisitorId: { pass, visitorId: 'v-1' },
  h5GetVisitPersonEntity: { pass },
  h5SavePersonnelEntity: {
    pass,
    person: {
      name: '张访客',
      gender: 'M',
      certificateType: 'ID',
      certificateNo: '44190019900101123X',
      phone: '13700000101',
      meal: true,
      mealType: 'VEG',
      lodging: false,
    },
  },
  h5VerifyQr: { qr: pass },
  receiptCheck: { jws: 'a.b.c', files: [{ field: 'bidDocuments', name: '投标文件.pdf', size: 1024, sha256: 'a'.repeat(64) }] },
};
const paramSamples: Partial<Record<EndpointName, Record<string, string>>> = { supplierGetById: { supplierId: a104.supplierId } };

interface Case {
  name: EndpointName;
  where: 'body' | 'params';
  value: Record<string, unknown>;
  leaves: Leaf[];
}

const cases: Case[] = [];
for (const [name, e] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
  // Multipart bodies are parsed by the handler: control-chars in a file name are tested in file.test.ts.
  if (e.body === 'multipart') continue;
  const made = walk(e.request);
  cases.push({ name, where: 'body', value: fill(samples[name], made.value) as Record<string, unknown>, leaves: made.leaves });
  if (e.params) {
    const p = walk(e.params);
    cases.push({ name, where: 'params', value: fill(paramSamples[name], p.value) as Record<string, unknown>, leaves: p.leaves });
  }
}

async function send(name: EndpointName, body: Record<string, unknown>, params: Record<string, string>) {
  const e: Endpoint = endpoints[name];
  const url = `${BASE_PATH}${fillPath(e.path, params)}`;
  // A token only where the call needs one (registration with a token is refused).
  const headers = { ...(e.public ? {} : { 'x-access-token': a104.token }), 'accept-language': 'en' };
  if (e.method === 'GET') return t.app.inject({ method: 'GET', url: `${url}?${qs.stringify(body, { arrayFormat: 'indices' })}`, headers });
  if (e.body === 'form')
    return t.app.inject({
      method: e.method,
      url,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: qs.stringify(body),
    });
  return t.app.inject({ method: e.method, url, headers, payload: body });
}

const POISONS = [
  { name: 'a control character', bad: NUL, key: 'controlCharacters' as const, jsonOnly: false },
  { name: 'a lone surrogate', bad: '\uD800', key: 'brokenCharacters' as const, jsonOnly: true },
  { name: 'a lone low surrogate', bad: '\uDC00', key: 'brokenCharacters' as const, jsonOnly: true },
];

it('finds the texts of every endpoint in the contract, with a sample that passes its schema', () => {
  expect(cases.length).toBeGreaterThanOrEqual((Object.values(endpoints) as Endpoint[]).filter((e) => e.body !== 'multipart').length);
  expect(cases.reduce((n, c) => n + c.leaves.length, 0)).toBeGreaterThan(150);
  for (const c of cases) {
    const e: Endpoint = endpoints[c.name];
    const schema = c.where === 'params' && e.params ? e.params : e.request;
    const parsed = schema.safeParse(c.value);
    expect(parsed.success ? [] : parsed.error.issues, `${c.name} ${c.where} sample`).toEqual([]);
  }
});

for (const poison of POISONS) {
  describe(`${poison.name} in any text of any request`, () => {
    const expected = message(poison.key, 'en');
    for (const c of cases) {
      const e: Endpoint = endpoints[c.name];
      if (poison.jsonOnly && (c.where === 'params' || e.method === 'GET' || e.body === 'form')) continue;
      it(`${c.name} (${c.where}): E400 with the field's ${poison.key} problem, never E500`, async () => {
        for (const leaf of c.leaves) {
          const field = leaf.path.join('.');
          const value = withValueAt(c.value, leaf.path, poisoned(poison.bad)) as Record<string, unknown>;
          const res =
            c.where === 'params'
              ? await send(c.name, samples[c.name] as Record<string, unknown>, value as Record<string, string>)
              : await send(c.name, value, paramSamples[c.name] ?? {});
          expect(res.statusCode, `${c.name} ${field}: ${res.body.slice(0, 200)}`).toBe(200);
          const answer = res.json() as { code: string; data: { field: string; message: string }[] | null };
          expect(answer.code, `${c.name} ${field}: ${res.body.slice(0, 300)}`).toBe('E400');
          if (leaf.kind === 'text') expect(answer.data, `${c.name} ${field}`).toContainEqual({ field, message: expected });
        }
      });
    }
  });
}
