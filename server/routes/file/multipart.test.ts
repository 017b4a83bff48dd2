import { describe, expect, it } from 'vitest';
import { build } from '../../test/helper';

const t = await build();
const URL_UPLOAD = '/bid-web/bid-service/file/upload';
const B = 'xBOUNDARYx';
const type = { 'content-type': `multipart/form-data; boundary=${B}`, 'accept-language': 'en' };
const part = (disposition: string, body = 'hello', extra = 'Content-Type: application/octet-stream\r\n') =>
  `--${B}\r\nContent-Disposition: ${disposition}\r\n${extra}\r\n${body}\r\n`;
const end = `--${B}--\r\n`;

/** Every malformed body the multipart parser (busboy, through @fastify/multipart) can be handed. */
const MALFORMED: Record<string, { body: string | Buffer; headers?: Record<string, string> }> = {
  'a file part with no file name (FormData.append("file", blob, ""))': { body: part('form-data; name="file"') + end },
  'a file part with an empty file name': { body: part('form-data; name="file"; filename=""') + end },
  'a file name of only path parts (../../..)': { body: part('form-data; name="file"; filename="../../.."') + end },
  'a part with no name': { body: part('form-data; filename="a.pdf"') + end },
  'a part with no Content-Disposition': { body: `--${B}\r\nContent-Type: application/pdf\r\n\r\nhello\r\n${end}` },
  'a part that is not form-data': { body: part('attachment; name="file"; filename="a.pdf"') + end },
  'a body that never closes': { body: part('form-data; name="file"; filename="a.pdf"') },
  'a body with no parts': { body: end },
  'an empty body': { body: '' },
  'garbage before the first boundary only': { body: 'no boundary here at all' },
  'a header line with no colon': { body: `--${B}\r\nContent-Disposition form-data; name="file"; filename="a.pdf"\r\n\r\nhello\r\n${end}` },
  'headers that never end': {
    body: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n${'X-Pad: y\r\n'.repeat(3000)}`,
  },
  'a field before the file, then no file': { body: part('form-data; name="note"', 'x', '') + end },
  'two files': { body: part('form-data; name="file"; filename="a.pdf"') + part('form-data; name="file"; filename="b.pdf"') + end },
  'too many fields': { body: Array.from({ length: 20 }, (_, i) => part(`form-data; name="f${i}"`, 'x', '')).join('') + end },
  'a boundary parameter that is missing': {
    body: part('form-data; name="file"; filename="a.pdf"') + end,
    headers: { 'content-type': 'multipart/form-data' },
  },
  'a boundary over 70 characters': {
    body: part('form-data; name="file"; filename="a.pdf"') + end,
    headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(200)}` },
  },
};

/** Odd but whole: the file is stored, under a name made safe. */
const ACCEPTED: Record<string, { body: string; name: string }> = {
  'a field over its size beside the file (fields are not read)': {
    body: part('form-data; name="note"', 'x'.repeat(5000), '') + part('form-data; name="file"; filename="a.pdf"') + end,
    name: 'a.pdf',
  },
  'a NUL in the file name': { body: part('form-data; name="file"; filename="a\u0000b.pdf"') + end, name: 'a_b.pdf' },
};

describe('malformed multipart bodies are bad input', () => {
  for (const [name, { body, headers }] of Object.entries(MALFORMED)) {
    it(`${name}: E400 with a message of its own, nothing stored`, async () => {
      const rows = await t.count('files');
      const res = await t.app.inject({ method: 'POST', url: URL_UPLOAD, payload: body, headers: { ...type, ...headers } });
      expect(res.statusCode).toBe(200);
      const answer = res.json() as { code: string; message: string };
      expect(answer.code, answer.message).toBe('E400');
      expect(answer.message).not.toMatch(/internal/i);
      expect(await t.count('files')).toBe(rows);
    });
  }

  it('names the missing file name, in the language asked', async () => {
    const nameless = part('form-data; name="file"') + end;
    const en = await t.app.inject({ method: 'POST', url: URL_UPLOAD, payload: nameless, headers: type });
    expect(en.json()).toMatchObject({ code: 'E400', message: 'The file has no name, please choose it again', data: [{ field: 'file' }] });
    const zh = await t.app.inject({ method: 'POST', url: URL_UPLOAD, payload: nameless, headers: { ...type, 'accept-language': 'zh-CN' } });
    expect(zh.json()).toMatchObject({ message: '文件没有文件名，请重新选择文件' });
  });

  for (const [label, { body, name }] of Object.entries(ACCEPTED)) {
    it(`${label}: stored as ${name}`, async () => {
      const res = await t.app.inject({ method: 'POST', url: URL_UPLOAD, payload: body, headers: type });
      const answer = res.json() as { code: string; data: { filename: string } };
      expect(answer.code).toBe('E000');
      expect((JSON.parse(answer.data.filename) as { name: string }).name).toBe(name);
    });
  }
});
