import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn } from '@/offline/test-helpers';
import { bidService } from '@/test/fixtures';
import { downloadEnquiryTemplate, fileNameOf } from './download-template';

const server = setupServer();
const saved: { blob: Blob; name: string }[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // jsdom has no object URLs, and following a link is not implemented: record what would be saved.
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => (blobs.set(`blob:${blobs.size}`, blob), `blob:${blobs.size - 1}`),
    revokeObjectURL: () => {},
  });
  saved.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: blobs.get(this.getAttribute('href') ?? '')!, name: this.download });
  });
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});
afterAll(() => server.close());

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, then the quoted or bare ASCII one, and drops path parts', () => {
    expect(fileNameOf(`attachment; filename="__.xlsx"; filename*=UTF-8''${encodeURIComponent('询价函-XJ2030-0001.xlsx')}`)).toBe(
      '询价函-XJ2030-0001.xlsx',
    );
    expect(fileNameOf('attachment; filename="letter \\"1\\".xlsx"')).toBe('letter "1".xlsx');
    expect(fileNameOf('attachment; filename=letter.xlsx')).toBe('letter.xlsx');
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A")).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('downloadEnquiryTemplate', () => {
  it('posts the id and saves the file under the name the bid service gives', async () => {
    logIn('s1');
    const bodies: unknown[] = [];
    server.use(
      http.post(`${bidService}/enquiry/downloadTemplate`, async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': `attachment; filename="inquiry.xlsx"; filename*=UTF-8''${encodeURIComponent('询价函.xlsx')}`,
          },
        });
      }),
    );
    expect(await downloadEnquiryTemplate('e1', 'fallback.xlsx')).toBe('saved');
    expect(bodies).toEqual([{ id: 'e1' }]);
    expect(saved.map((s) => s.name)).toEqual(['询价函.xlsx']);
    expect(saved[0]!.blob.size).toBe(4);
  });

  it('falls back to the given name, and leaves a refusal to the request layer', async () => {
    logIn('s1');
    server.use(
      http.post(
        `${bidService}/enquiry/downloadTemplate`,
        () => new HttpResponse(new Uint8Array([1]), { headers: { 'Content-Type': 'application/octet-stream' } }),
      ),
    );
    expect(await downloadEnquiryTemplate('e1', 'fallback.xlsx')).toBe('saved');
    expect(saved.map((s) => s.name)).toEqual(['fallback.xlsx']);

    server.use(
      http.post(`${bidService}/enquiry/downloadTemplate`, () => HttpResponse.json({ code: 'E404', message: '数据丢失', data: null })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await downloadEnquiryTemplate('e2', 'x.xlsx')).toBe('reported');
    expect(saved).toHaveLength(1);
  });
});
