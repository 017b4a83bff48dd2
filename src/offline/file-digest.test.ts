import { createHash } from 'node:crypto';
import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { sha256OfBlob } from './file-digest';

const bytes = Uint8Array.from({ length: 700 * 1024 + 13 }, (_, i) => (i * 31) % 251);
const expected = createHash('sha256').update(bytes).digest('hex');

describe('sha256OfBlob', () => {
  it('hashes a file of several slices into one reused buffer where the blob stream takes one', async () => {
    const blob = new NodeBlob([bytes]) as unknown as Blob;
    expect(await sha256OfBlob(blob)).toBe(expected);
  });

  it('hashes slice by slice where the blob stream takes no buffer of the reader', async () => {
    const blob = new NodeBlob([bytes]) as unknown as Blob;
    const plain = {
      size: blob.size,
      slice: blob.slice.bind(blob),
      stream: () => ({
        getReader: () => {
          throw new TypeError('no BYOB');
        },
      }),
    } as unknown as Blob;
    expect(await sha256OfBlob(plain)).toBe(expected);
    expect(await sha256OfBlob(new NodeBlob([]) as unknown as Blob)).toBe(createHash('sha256').digest('hex'));
  });
});
