import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../contract/limits';
import { build, multipart } from '../../test/helper';
import { BYTES } from '../../test/tenders';

const t = await build();
const URL_UPLOAD = '/bid-web/bid-service/file/upload';
const URL_DOWNLOAD = '/bid-web/bid-service/file/download';

async function upload(content: Buffer, name = '报价单.pdf', token?: string) {
  const form = multipart(name, content);
  const res = await t.app.inject({
    method: 'POST',
    url: URL_UPLOAD,
    payload: form.payload,
    headers: { ...form.headers, ...(token ? { 'x-access-token': token } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { code: string; data: { filename: string } };
}

const download = (filePath: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: URL_DOWNLOAD,
    payload: `filePath=${encodeURIComponent(filePath)}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': 'en',
      ...(token ? { 'x-access-token': token } : {}),
    },
  });

const storedFiles = () => {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [f]));
  return walk(join(t.dataDir, 'files')).length;
};

describe('fileUpload', () => {
  it('stores a file and answers the JSON text of name, fileUrl and an opaque path', async () => {
    const res = await upload(Buffer.from('hello'));
    expect(res.code).toBe('E000');
    const file = JSON.parse(res.data.filename) as { name: string; fileUrl: string; path: string };
    expect(file.name).toBe('报价单.pdf');
    expect(file.path).toMatch(/^u\/\d{4}\/\d{2}\/[0-9a-f]{32}\.pdf$/);
    expect(file.fileUrl).toBe(`${URL_DOWNLOAD}?filePath=${encodeURIComponent(file.path)}`);
    // Its SHA-256, hashed as it was written, is kept with it (what a receipt states).
    const [row] = await t.db.query<{ sha256: string }>('SELECT sha256 FROM files WHERE storage_key = $1', [file.path]);
    expect(row?.sha256).toBe(createHash('sha256').update('hello').digest('hex'));
  });

  it('refuses a file over 50 MB with E413 and leaves no file or row behind', async () => {
    const [files, rows] = [storedFiles(), await t.count('files')];
    const res = await upload(Buffer.alloc(MAX_FILE_BYTES + 1, 1), 'big.bin');
    expect(res.code).toBe('E413');
    expect(storedFiles()).toBe(files);
    expect(await t.count('files')).toBe(rows);
  });

  it('accepts exactly 50 MB', async () => {
    expect((await upload(Buffer.alloc(MAX_FILE_BYTES, 2), 'exact.bin')).code).toBe('E000');
  });

  it('refuses a non-multipart body (E415) and a form without the file field (E400)', async () => {
    const json = await t.app.inject({ method: 'POST', url: URL_UPLOAD, payload: { file: 'x' } });
    expect(json.json()).toMatchObject({ code: 'E415' });
    const form = multipart('a.txt', Buffer.from('x'), 'other');
    const wrongField = await t.app.inject({ method: 'POST', url: URL_UPLOAD, payload: form.payload, headers: form.headers });
    expect(wrongField.json()).toMatchObject({ code: 'E400' });
    const empty = await t.app.inject({
      method: 'POST',
      url: URL_UPLOAD,
      payload: '',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().code).not.toBe('E000');
  });
});

describe('the other upload paths of SPEC.md section 7', () => {
  const post = (path: string, token?: string) => {
    const form = multipart('规格书.pdf', Buffer.from('%PDF-1.4 spec'));
    return t.app.inject({
      method: 'POST',
      url: `/bid-web/bid-service${path}`,
      payload: form.payload,
      headers: { ...form.headers, 'accept-language': 'en', ...(token ? { 'x-access-token': token } : {}) },
    });
  };

  it("/file/uploadTsFile stores the logged-in supplier's own file and refuses without a token", async () => {
    expect((await post('/file/uploadTsFile')).json()).toMatchObject({ code: 'E401' });
    const { token } = await t.login('demo_a104');
    const res = (await post('/file/uploadTsFile', token)).json() as { code: string; data: { filename: string } };
    expect(res.code).toBe('E000');
    const file = JSON.parse(res.data.filename) as { path: string };
    // The supplier's own: another supplier may not read it, its owner may.
    const other = await t.login('demo_a141');
    expect((await download(file.path, other.token)).json()).toMatchObject({ code: 'E403' });
    expect((await download(file.path, token)).body).toBe('%PDF-1.4 spec');
  });

  it('/sys-service/rest/filerRest/uploadFile is /file/upload under its other name', async () => {
    const res = (await post('/sys-service/rest/filerRest/uploadFile')).json() as { code: string; data: { filename: string } };
    expect(res.code).toBe('E000');
    const file = JSON.parse(res.data.filename) as { name: string; path: string };
    expect(file.name).toBe('规格书.pdf');
    expect((await download(file.path)).body).toBe('%PDF-1.4 spec');
  });
});

describe('fileDownload', () => {
  it('answers the bytes with type and an RFC 5987 file name', async () => {
    const s = await t.login('demo_a104');
    const { path } = JSON.parse((await upload(Buffer.from('%PDF-1.4 mine'), '合同 v1.pdf', s.token)).data.filename) as { path: string };
    const res = await download(path, s.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('%PDF-1.4 mine');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ v1.pdf"; filename*=UTF-8''${encodeURIComponent('合同 v1.pdf')}`,
    );
  });

  it('serves an upload with the type of its content, never of its name', async () => {
    const cases: Array<[string, Buffer, string]> = [
      ['slip.png', BYTES.pdf, 'application/pdf'],
      ['bom.pdf', BYTES.xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['清单.xls', BYTES.doc, 'application/msword'],
      ['清单.doc', BYTES.xls, 'application/vnd.ms-excel'],
      ['photo.jpg', BYTES.text, 'application/octet-stream'],
      ['notes.txt', BYTES.text, 'text/plain; charset=utf-8'],
      ['archive.zip', BYTES.zip, 'application/zip'],
    ];
    for (const [name, bytes, type] of cases) {
      const { path } = JSON.parse((await upload(bytes, name)).data.filename) as { path: string };
      expect((await download(path)).headers['content-type'], name).toBe(type);
    }
  });

  it("refuses another supplier's file (E403) and an owned file without a token (E401)", async () => {
    const owner = await t.login('demo_a104');
    const other = await t.login('demo_a141');
    const { path } = JSON.parse((await upload(Buffer.from('secret'), 'secret.pdf', owner.token)).data.filename) as { path: string };
    expect((await download(path, other.token)).json()).toMatchObject({ code: 'E403' });
    expect((await download(path)).json()).toMatchObject({ code: 'E401' });
  });

  it('serves public notice documents and unclaimed uploads to anyone holding the path', async () => {
    const notice = await t.post<{ referenceTemplate: { path: string } }>('/business/getById', { id: '1' });
    const doc = await download(notice.data.referenceTemplate.path);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toContain('text/csv');
    const { path } = JSON.parse((await upload(Buffer.from('anon'), 'anon.txt')).data.filename) as { path: string };
    expect((await download(path)).body).toBe('anon');
    const viaGet = await t.app.inject({ method: 'GET', url: `${URL_DOWNLOAD}?filePath=${encodeURIComponent(path)}` });
    expect(viaGet.body).toBe('anon');
  });

  it('never serves uploaded HTML as HTML', async () => {
    const { path } = JSON.parse((await upload(Buffer.from('<script>alert(1)</script>'), 'x.html')).data.filename) as { path: string };
    const res = await download(path);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([['../../etc/passwd'], ['/etc/passwd'], ['u/2026/01/..\\..\\secret'], ['C:/windows/win.ini'], ['u/%2e%2e/%2e%2e/etc/passwd']])(
    'refuses the path %j with E400 pathRefused',
    async (filePath) => {
      expect((await download(filePath)).json()).toMatchObject({ code: 'E400', message: 'The file path is not valid' });
    },
  );

  it('refuses a path with a NUL in it with E400 controlCharacters (the rule of every text)', async () => {
    expect((await download('u/2026/01/a\0b')).json()).toMatchObject({
      code: 'E400',
      data: [{ field: 'filePath', message: 'Must not contain control characters' }],
    });
  });

  it('answers E404 for unknown paths and E400 for missing or huge ones', async () => {
    expect((await download('u/2026/01/0123456789abcdef0123456789abcdef.pdf')).json()).toMatchObject({ code: 'E404' });
    expect((await download('whatever.txt')).json()).toMatchObject({ code: 'E404' });
    expect((await download('x'.repeat(2000))).json()).toMatchObject({ code: 'E400' });
    const missing = await t.app.inject({
      method: 'POST',
      url: URL_DOWNLOAD,
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(missing.json()).toMatchObject({ code: 'E400' });
  });
});
