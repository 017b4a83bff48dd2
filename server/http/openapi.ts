import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { Code } from '../../contract/codes';
import { BASE_PATH, HEADER, REASON_HEADER, TUS_CHUNK_BYTES, TUS_PATH } from '../../contract/http';
import { MAX_FILE_BYTES } from '../../contract/limits';
import type { ReceiptKeySet } from '../../contract/schemas/receipt';

/**
 * The OpenAPI document of the wire (`/bid-web/bid-service/openapi.json`): built from the same
 * zod schemas that validate requests (route.ts), plus what the schemas cannot say: the token
 * scheme on every non-public call, the headers every call carries, the multipart body of an
 * upload, the form body and file answer of a download, the error answers, and the tus endpoints.
 * `server/http/openapi.test.ts` lints it with Redocly's recommended rules.
 */

/** What route.ts puts into a route's `config` for this document. */
export interface OpenApiRouteConfig {
  openapi?: { name: string; public: boolean; idempotent: boolean; body?: 'json' | 'multipart' | 'form'; binary?: boolean };
}

const errorCodes = Object.values(Code).filter((c) => c !== Code.ok);

const header = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  name,
  in: 'header',
  required: false,
  description,
  schema,
});

/** The headers every call carries (SPEC.md section 7), as a route's `headers` schema. */
const callHeaders = (idempotent: boolean) => ({
  type: 'object',
  properties: {
    [HEADER.supplierId]: { type: 'string', description: "The supplier id of the session; the token decides, this is the portal's echo." },
    [HEADER.language]: { type: 'string', description: 'The language of messages and labels: zh-CN (default), en, vi.' },
    ...(idempotent
      ? {
          [HEADER.idempotencyKey]: {
            type: 'string',
            format: 'uuid',
            description:
              'A UUID chosen by the client for one write: a repeat with the same key and body replays the first answer; the same key with another body is refused (E409).',
          },
        }
      : {}),
  },
});

/** Anonymous, or with a token. */
const OPTIONAL_TOKEN = [{}, { token: [] }];

const reasonHeader = {
  [REASON_HEADER]: {
    description: 'On every answer that is not E000: the message key of the answer (e.g. inProgress, roundChanged).',
    schema: { type: 'string' },
  },
};

const refusal = (description: string) => ({
  description,
  headers: reasonHeader,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
});

/**
 * The document's options; `receiptKeys` are published in it as `x-receipt-keys` (a JWK Set), so
 * whoever holds the document can check a receipt without asking the service again.
 */
export const swaggerOptions = (receiptKeys: ReceiptKeySet): FastifyDynamicSwaggerOptions => ({
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Bid service',
      version: '1.0.0',
      description:
        "The supplier portal's bid service. Every JSON answer is { code, message, data }: code E000 is success; any other code is a refusal whose message is in the request language and whose data is null or a list of field problems (DESIGN.md section 3). Refusals are sent with HTTP 200, like successes, except where an answer says otherwise.",
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This bid service (paths include the base path /bid-web/bid-service)' }],
    tags: [
      { name: 'business', description: 'Public notices and regions' },
      { name: 'supplier', description: 'Accounts, sessions and supplier information' },
      { name: 'common', description: 'Dictionaries and the buyer organisation' },
      { name: 'file', description: 'Uploads and downloads' },
      { name: 'communication', description: 'Threads with the buyer' },
      { name: 'tender', description: 'Tender sign-up, deposits, bids, results and refunds' },
      { name: 'enquiry', description: 'Price enquiries and bargaining rounds' },
      { name: 'visitApply', description: 'Applications to visit a production base' },
      { name: 'home', description: 'The home page: to-dos and messages' },
      { name: 'h5', description: 'The gate visitor flow' },
      { name: 'receipt', description: 'The keys receipts are signed with, and a check of a receipt' },
    ],
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: HEADER.token, description: 'The token answered by /supplier/login.' },
      },
      schemas: {
        Refusal: {
          type: 'object',
          description: 'An answer that is not a success.',
          properties: {
            code: { type: 'string', enum: errorCodes },
            message: { type: 'string' },
            data: { oneOf: [{ type: 'null' }, { type: 'array', items: { $ref: '#/components/schemas/FieldProblem' } }] },
          },
          required: ['code', 'message', 'data'],
        },
        FieldProblem: {
          type: 'object',
          properties: {
            field: { type: 'string', description: 'Dotted path of the field, e.g. bankInfo.acctNo' },
            message: { type: 'string' },
          },
          required: ['field', 'message'],
        },
      },
    },
  },
  transform: (input) => {
    const out = jsonSchemaTransform(input);
    const config = (input.route.config as OpenApiRouteConfig | undefined)?.openapi;
    if (!config || out.schema.hide) return out;
    const schema = out.schema as Record<string, unknown>;
    schema.operationId = config.name;
    // Public calls take a token when one comes along (a logged-in supplier's upload is theirs).
    schema.security = config.public ? OPTIONAL_TOKEN : [{ token: [] }];
    schema.headers = callHeaders(config.idempotent);
    if (config.body === 'multipart') {
      schema.consumes = ['multipart/form-data'];
      schema.body = {
        type: 'object',
        properties: {
          file: {
            type: 'string',
            format: 'binary',
            description: `One file of at most ${MAX_FILE_BYTES / 1024 / 1024} MB; a second file part is refused.`,
          },
        },
        required: ['file'],
      };
    }
    if (config.body === 'form') schema.consumes = ['application/x-www-form-urlencoded'];
    if (config.binary) {
      schema.produces = ['application/octet-stream', 'application/json'];
      schema.response = {
        200: {
          description: 'The file (Content-Disposition names it); a refusal answers the JSON envelope instead.',
          content: {
            'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
            'application/json': { schema: { $ref: '#/components/schemas/Refusal' } },
          },
        },
      };
    }
    return out;
  },
  transformObject: (doc) => {
    const openapi = (doc as { openapiObject: Record<string, unknown> }).openapiObject as {
      paths?: Record<string, Record<string, Record<string, unknown>>>;
      'x-receipt-keys'?: ReceiptKeySet;
    };
    for (const operations of Object.values(openapi.paths ?? {})) {
      for (const op of Object.values(operations)) {
        if (typeof op !== 'object') continue;
        const responses = (op.responses ?? {}) as Record<string, Record<string, unknown>>;
        if (responses['200'] && responses['200'].description === 'Default Response') {
          responses['200'].description = 'The envelope: E000 with data, or a refusal (see Refusal; X-Reason names it).';
          responses['200'].headers = reasonHeader;
        }
        responses['400'] = refusal('Malformed HTTP (request line, headers): the envelope with E400.');
        responses['413'] = refusal('The body is larger than allowed.');
        op.responses = responses;
      }
    }
    openapi.paths = { ...openapi.paths, ...tusPaths() };
    openapi['x-receipt-keys'] = receiptKeys;
    return openapi as never;
  },
});

/** The tus 1.0 endpoints (creation, offset, append, termination) under BASE_PATH + TUS_PATH. */
function tusPaths() {
  const tusResumable = header('Tus-Resumable', 'The tus protocol version: 1.0.0.', { type: 'string', enum: ['1.0.0'] });
  const uploadOffset = {
    name: 'Upload-Offset',
    in: 'header',
    required: true,
    description: 'Where these bytes start.',
    schema: { type: 'integer', minimum: 0 },
  };
  const id = {
    name: 'id',
    in: 'path',
    required: true,
    description: 'The upload id from the Location of its creation.',
    schema: { type: 'string' },
  };
  const offsetHeader = { 'Upload-Offset': { description: 'Bytes received so far.', schema: { type: 'integer' } } };
  const tusRefusal = (description: string) => ({
    description,
    headers: reasonHeader,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
  });
  return {
    [`${BASE_PATH}${TUS_PATH}`]: {
      post: {
        operationId: 'tusCreate',
        security: OPTIONAL_TOKEN,
        tags: ['file'],
        summary: 'Create a resumable upload (tus 1.0 creation)',
        parameters: [
          tusResumable,
          {
            name: 'Upload-Length',
            in: 'header',
            required: true,
            description: `The file size in bytes, at most ${MAX_FILE_BYTES}.`,
            schema: { type: 'integer', minimum: 0, maximum: MAX_FILE_BYTES },
          },
          {
            name: 'Upload-Metadata',
            in: 'header',
            required: true,
            description: 'tus metadata: filename and filetype, base64-encoded.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '201': {
            description: 'Created; Location is the upload URL.',
            headers: { Location: { description: 'The upload URL.', schema: { type: 'string' } } },
          },
          '400': tusRefusal('Missing or malformed tus headers.'),
          '413': tusRefusal('Larger than a file may be.'),
          '429': tusRefusal('Over the uploads allowed to this address today.'),
        },
      },
    },
    [`${BASE_PATH}${TUS_PATH}/{id}`]: {
      head: {
        operationId: 'tusOffset',
        security: OPTIONAL_TOKEN,
        tags: ['file'],
        summary: 'How many bytes of an upload were received (to resume)',
        parameters: [id, tusResumable],
        responses: {
          '200': { description: 'Upload-Offset and Upload-Length.', headers: offsetHeader },
          '404': { description: 'No such upload (expired or never created).' },
        },
      },
      patch: {
        operationId: 'tusAppend',
        security: OPTIONAL_TOKEN,
        tags: ['file'],
        summary: `Append bytes to an upload (the portal sends parts of ${TUS_CHUNK_BYTES / 1024 / 1024} MB)`,
        parameters: [id, tusResumable, uploadOffset],
        requestBody: { required: true, content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } } },
        responses: {
          '204': { description: 'Appended.', headers: offsetHeader },
          '404': { description: 'No such upload.' },
          '409': { description: 'Upload-Offset is not where the upload stands (read it with HEAD and resume from there).' },
          '423': { description: 'Another request is writing to this upload.' },
        },
      },
      delete: {
        operationId: 'tusTerminate',
        security: OPTIONAL_TOKEN,
        tags: ['file'],
        summary: 'Abandon an upload',
        parameters: [id, tusResumable],
        responses: { '204': { description: 'Gone.' }, '404': { description: 'No such upload.' } },
      },
    },
  };
}
