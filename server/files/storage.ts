import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, type ReadStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomName } from '../security/tokens';

/** Stored names: `u/2026/11/<32 hex>.<ext>` (uploads) or `p/...` (public documents). */
export const STORAGE_KEY_RE = /^[up]\/\d{4}\/\d{2}\/[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/;

/** Input that tries to leave the storage directory, as opposed to merely unknown names. */
export function isTraversal(path: string): boolean {
  return (
    path.includes('..') || path.includes('\\') || path.includes('\0') || path.startsWith('/') || /^[a-z]:/i.test(path) || path.includes('%')
  );
}

const extensionOf = (name: string) => {
  const match = /\.([a-z0-9]{1,10})$/i.exec(name);
  return match ? `.${match[1]!.toLowerCase()}` : '';
};

/** What a write stored: its length and SHA-256 (64 lowercase hex digits). */
export interface WrittenFile {
  size: number;
  sha256: string;
}

/** Files in a local directory. Writes stream to disk; nothing is held whole in memory. */
export class FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
    mkdirSync(this.root, { recursive: true });
  }

  newKey(kind: 'u' | 'p', originalName: string, now: Date): string {
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    return `${kind}/${now.getUTCFullYear()}/${month}/${randomName()}${extensionOf(originalName)}`;
  }

  /** The absolute path of a key; refuses anything that would resolve outside the root. */
  pathOf(key: string): string {
    if (!STORAGE_KEY_RE.test(key)) throw new Error(`not a storage key: ${key}`);
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`outside storage: ${key}`);
    return path;
  }

  /**
   * Streams `source` to `key`, hashing it on the way; a failed write leaves nothing behind.
   * Answers the bytes written and their SHA-256.
   */
  async write(key: string, source: Readable): Promise<WrittenFile> {
    const path = this.pathOf(key);
    mkdirSync(dirname(path), { recursive: true });
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    const hash = createHash('sha256');
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            yield chunk;
          }
        },
        out,
      );
    } catch (error) {
      await this.remove(key);
      throw error;
    }
    return { size: out.bytesWritten, sha256: hash.digest('hex') };
  }

  async writeBytes(key: string, bytes: Buffer): Promise<WrittenFile> {
    return this.write(key, Readable.from([bytes]));
  }

  /** The SHA-256 of a stored file's bytes, read from disk (64 lowercase hex digits). */
  async digest(key: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(this.open(key), hash);
    return hash.digest('hex');
  }

  async size(key: string): Promise<number | null> {
    return stat(this.pathOf(key)).then(
      (s) => s.size,
      () => null,
    );
  }

  /**
   * Up to `length` bytes from `position` (fewer at the end of the file): content checks read a
   * file's head and tail without streaming all of it.
   */
  async read(key: string, position: number, length: number): Promise<Buffer> {
    const handle = await open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  open(key: string): ReadStream {
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
