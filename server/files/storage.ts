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

  /** Streams `source` to `key`; a failed write leaves nothing behind. Answers the bytes written. */
  async write(key: string, source: Readable): Promise<number> {
    const path = this.pathOf(key);
    mkdirSync(dirname(path), { recursive: true });
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(source, out);
    } catch (error) {
      await this.remove(key);
      throw error;
    }
    return out.bytesWritten;
  }

  async writeBytes(key: string, bytes: Buffer): Promise<number> {
    return this.write(key, Readable.from([bytes]));
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
