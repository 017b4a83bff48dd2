import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type Endpoint, endpoints } from '../../contract/endpoints';
import { BASE_PATH } from '../../contract/http';
import { build } from '../test/helper';

const t = await build();
const url = (path: string) => `${BASE_PATH}${path}`;

describe('the wire rules', () => {
  it('answers malformed JSON with E400, never a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('/supplier/login'),
      payload: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'E400' });
  });

  it('answers a non-object JSON body with E400', async () => {
    for (const payload of ['"text"', '[1,2]', 'null', '42']) {
      const res = await t.app.inject({
        method: 'POST',
        url: url('/business/listByPage'),
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.json().code, payload).toBe('E400');
    }
  });

  it('answers a wrong content type with E415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('/supplier/login'),
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'E415' });
  });

  it("takes JSON only: another site's form (form-encoded, text/plain) reaches no call but the download", async () => {
    const codes = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verification_codes'))[0]!.n;
    const before = await codes();
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'text/plain; charset=utf-8']) {
      // What <form method=post enctype=...> on another site sends, with no preflight.
      const code = await t.app.inject({
        method: 'POST',
        url: url('/supplier/getCheckCode'),
        payload: 'mailOrPhone=13800000104&way=phone',
        headers: { 'content-type': type, 'accept-language': 'en' },
      });
      expect(code.json(), type).toMatchObject({ code: 'E415', message: 'This call takes JSON only (Content-Type: application/json)' });
      const login = await t.app.inject({
        method: 'POST',
        url: url('/supplier/login'),
        payload: 'username=a&password=b',
        headers: { 'content-type': type },
      });
      expect(login.json().code, type).toBe('E415');
    }
    expect(await codes()).toBe(before);
    // JSON with its charset, and no body at all, still go.
    const json = await t.app.inject({
      method: 'POST',
      url: url('/business/listByPage'),
      payload: '{}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(json.json().code).toBe('E000');
    expect((await t.app.inject({ method: 'POST', url: url('/business/listByPage') })).json().code).toBe('E000');
    // The download is form-encoded (SPEC.md section 7): an unknown path is E404, not E415.
    const download = await t.app.inject({
      method: 'POST',
      url: url('/file/download'),
      payload: 'filePath=u%2F2026%2F01%2F00000000000000000000000000000000.pdf',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(download.json().code).toBe('E404');
  });

  it('answers a body over 1 MB with E413 and its own message, not the file message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('/supplier/login'),
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'E413', message: '提交的数据过大（不能超过 1MB）' });
    expect(res.headers['x-reason']).toBe('bodyTooLarge');
  });

  it('ignores prototype pollution attempts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('/business/listByPage'),
      payload: '{"__proto__": {"admin": true}, "pageSize": 10}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answers unknown service paths and methods with the E404 envelope', async () => {
    for (const [method, path] of [
      ['POST', '/nothing/here'],
      ['GET', '/business/listByPage'],
      ['POST', ''],
    ] as const) {
      const res = await t.app.inject({ method, url: url(path) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 'E404', message: '数据不存在' });
    }
  });

  it('answers in the request language, zh-CN by default', async () => {
    const none = await t.app.inject({ method: 'POST', url: url('/business/listByPage'), payload: {} });
    expect(none.json().message).toBe('操作成功');
    const en = await t.app.inject({
      method: 'POST',
      url: url('/business/listByPage'),
      payload: {},
      headers: { 'accept-language': 'en-US,en;q=0.8' },
    });
    expect(en.json().message).toBe('Success');
  });

  it('accepts GET payloads as query parameters with indexed arrays', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url('/common/getSelectCodeCommonData')}?type=gender` });
    expect(res.json().code).toBe('E000');
    const arrays = await t.app.inject({ method: 'GET', url: `${url('/common/getSelectCodeCommonData')}?type[0]=gender` });
    expect(arrays.json().code).toBe('E400');
  });

  it('names the meaning of every refusal in X-Reason (its message key), and of no success', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: url('/supplier/login'),
      payload: { username: 'nobody_here', password: 'wrong-password' },
    });
    expect(refused.json().code).not.toBe('E000');
    expect(refused.headers['x-reason']).toMatch(/^[a-zA-Z]+$/);
    const unknown = await t.app.inject({ method: 'POST', url: url('/no/such/call'), payload: {} });
    expect(unknown.headers['x-reason']).toBe('notFound');
    const ok = await t.app.inject({ method: 'GET', url: `${url('/common/getSelectCodeCommonData')}?type=gender` });
    expect(ok.headers['x-reason']).toBeUndefined();
  });

  it('lets no cache keep an answer: no-store on every call of the contract, answered or refused', async () => {
    const s = await t.login(t.accounts[1]!.username);
    const headers = { 'x-access-token': s.token, 'content-type': 'application/json' };
    const successes: string[] = [];
    for (const e of Object.values(endpoints) as Endpoint[]) {
      if (e.binary || e.body === 'multipart') continue;
      const path = e.path.replace('{supplierId}', s.supplierId);
      const res =
        e.method === 'GET'
          ? await t.app.inject({ method: 'GET', url: url(path), headers })
          : await t.app.inject({ method: 'POST', url: url(path), payload: '{}', headers });
      expect(res.headers['cache-control'], `${e.method} ${e.path}`).toBe('no-store');
      if (res.json().code === 'E000') successes.push(e.path);
    }
    // The private reads a shared cache must never keep answered, not only refused.
    expect(successes).toEqual(
      expect.arrayContaining([
        '/tender/listByPage',
        '/supplier/getByToken',
        '/home/messageList',
        '/supplier/getById/{supplierId}',
        '/business/listByPage',
      ]),
    );
  });

  it('sets a CSP for the SPA and no HSTS', async () => {
    const res = await t.app.inject({ method: 'POST', url: url('/business/listByPage'), payload: {} });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes an OpenAPI document of every contract endpoint, without operator routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: url('/openapi.json') });
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const e of Object.values(endpoints)) expect(Object.keys(doc.paths)).toContain(`${BASE_PATH}${e.path}`);
    expect(Object.keys(doc.paths).some((p) => p.includes('/ops/'))).toBe(false);
  });
});

describe('bad input never gets a 5xx', () => {
  const upload = (payload: string | Buffer, contentType: string) =>
    t.app.inject({ method: 'POST', url: url('/file/upload'), payload, headers: { 'content-type': contentType, 'accept-language': 'en' } });
  const part = (boundary: string, name: string, filename: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n`;

  it('answers malformed, boundary-less and truncated multipart bodies with E400 in the envelope, storing nothing', async () => {
    const before = await t.count('files');
    const cases: [string, string | Buffer, string][] = [
      ['garbage', 'this is not multipart at all', 'multipart/form-data; boundary=abc123'],
      ['no boundary', part('abc123', 'file', 'a.txt', 'hello'), 'multipart/form-data'],
      [
        'truncated',
        `--abc123\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhel`,
        'multipart/form-data; boundary=abc123',
      ],
      [
        'bad part header',
        `--abc123\r\nContent-Disposition form-data name=file\r\n\r\nhello\r\n--abc123--\r\n`,
        'multipart/form-data; boundary=abc123',
      ],
    ];
    const answers: string[] = [];
    for (const [what, payload, type] of cases) {
      const res = await upload(payload, type);
      answers.push(`${what}: ${res.statusCode} ${(res.json() as { code: string }).code}`);
    }
    expect(answers).toEqual(cases.map(([what]) => `${what}: 200 E400`));
    expect(await t.count('files')).toBe(before);
  });

  it('refuses an upload of two files with its own code instead of dropping the second, storing neither', async () => {
    const before = await t.count('files');
    const boundary = 'two-files-boundary';
    const res = await upload(
      `${part(boundary, 'file', 'a.txt', 'first')}${part(boundary, 'file', 'b.txt', 'second')}--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-reason']).toBe('oneFilePerRequest');
    expect(res.json()).toMatchObject({ code: 'E400', message: 'Only one file can be uploaded per request, please upload them one by one' });
    expect(await t.count('files')).toBe(before);
  });
});

describe('over a real connection', () => {
  const origin = async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return { host: '127.0.0.1', port: address.port };
  };

  /** A POST with a 2 MB JSON body written in full, as a browser does; the answer or the socket error. */
  const postLarge = async (path: string, headers: Record<string, string> = {}) => {
    const { host, port } = await origin();
    const body = Buffer.from(JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }));
    return new Promise<{ status: number; body: string; sent: number; of: number } | { error: string; sent: number }>((resolve) => {
      let sent = 0;
      const req = httpRequest(
        {
          host,
          port,
          path: url(path),
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sent, of: body.length }));
          res.on('error', (e) => resolve({ error: e.message, sent }));
        },
      );
      req.on('error', (e) => resolve({ error: `${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}`, sent }));
      // Written in pieces with pauses, the way a slow uplink sends it: the server answers long
      // before the end, and must not close the connection under the rest (a reset, the answer lost).
      const next = () => {
        if (sent >= body.length) return void req.end();
        const piece = body.subarray(sent, sent + 64 * 1024);
        sent += piece.length;
        if (req.write(piece)) setTimeout(next, 2);
        else req.once('drain', () => setTimeout(next, 2));
      };
      next();
    });
  };

  it('answers a 2 MB JSON body with the E413 envelope, not a reset connection', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await postLarge('/supplier/login', { 'accept-language': 'en' });
      expect(answer, JSON.stringify(answer).slice(0, 200)).toMatchObject({ status: 200 });
      // The connection stayed open for the whole body (closed early, a slower link gets a reset).
      expect((answer as { sent: number; of: number }).sent).toBe((answer as { of: number }).of);
      expect(JSON.parse((answer as { body: string }).body)).toEqual({
        code: 'E413',
        message: 'The data sent is too large (at most 1 MB)',
        data: null,
      });
    }
  });

  /** Sends raw bytes; resolves with everything the server wrote before it closed the connection. */
  const raw = async (bytes: string) => {
    const { host, port } = await origin();
    return new Promise<string>((resolve, reject) => {
      const socket = connect({ host, port });
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
      socket.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)));
      socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
      socket.write(bytes);
    });
  };
  const split = (answer: string) => {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    return { status: head.split('\r\n')[0], head: head.toLowerCase(), envelope: JSON.parse(body) as unknown };
  };

  it('answers malformed HTTP with a 400 carrying the envelope, then closes', async () => {
    for (const bytes of [
      'GARBAGE\r\n\r\n',
      'POST /bid-web/bid-service/supplier/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nBad Header Name: 1\r\n\r\n',
    ]) {
      const answer = split(await raw(bytes));
      expect(answer.status, bytes).toBe('HTTP/1.1 400 Bad Request');
      expect(answer.head).toContain('content-type: application/json');
      expect(answer.head).toContain('x-reason: badrequest');
      expect(answer.envelope).toEqual({ code: 'E400', message: '请求格式不正确', data: null });
    }
  });

  it('answers oversize headers with a 431 carrying the envelope, in the language asked for', async () => {
    const answer = split(
      await raw(`GET ${url('/business/listByPage')} HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.head).toContain('x-reason: headerstoolarge');
    expect(answer.envelope).toEqual({ code: 'E400', message: 'The request headers are too large', data: null });
  });

  it('answers the same with fetch', async () => {
    const { host, port } = await origin();
    const res = await fetch(`http://${host}:${port}${url('/supplier/login')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 'E413', message: 'The data sent is too large (at most 1 MB)' });
  });
});
