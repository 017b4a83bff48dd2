import { BASE_PATH } from '@contract/http';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setApiEffects } from './effects';
import { ApiError } from './errors';
import { parseUploadedFile, uploadFile } from './file';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('parseUploadedFile', () => {
  it('reads fileUrl and path', () => {
    expect(parseUploadedFile(JSON.stringify({ name: 'a.pdf', fileUrl: '/f/a', path: 'p/a' }), 'x')).toEqual({
      name: 'a.pdf',
      url: '/f/a',
      path: 'p/a',
    });
  });
  it('reads baseFileUrl and basePath', () => {
    expect(parseUploadedFile(JSON.stringify({ name: 'b.pdf', baseFileUrl: '/f/b', basePath: 'p/b' }), 'x')).toEqual({
      name: 'b.pdf',
      url: '/f/b',
      path: 'p/b',
    });
  });
  it('refuses text that is not the expected JSON', () => {
    expect(() => parseUploadedFile('not json', 'x')).toThrow(ApiError);
    expect(() => parseUploadedFile(JSON.stringify({ name: 'c' }), 'x')).toThrow(ApiError);
  });
});

describe('uploadFile', () => {
  it('posts the file as multipart field "file" and parses the answer', async () => {
    setApiEffects({ businessError: vi.fn(), unauthorized: vi.fn(), networkFailure: vi.fn(), needsConnection: vi.fn(), tokenLost: vi.fn() });
    let received: string | undefined;
    server.use(
      http.post(`${location.origin}${BASE_PATH}/file/upload`, async ({ request }) => {
        const form = await request.formData();
        received = await (form.get('file') as File).text();
        return HttpResponse.json({
          code: 'E000',
          message: '',
          data: { filename: JSON.stringify({ name: 'q.txt', fileUrl: '/files/q', path: 'u/q' }) },
        });
      }),
    );
    const ref = await uploadFile(new File(['quote'], 'q.txt'));
    expect(received).toBe('quote');
    expect(ref).toEqual({ name: 'q.txt', url: '/files/q', path: 'u/q' });
  });
});
