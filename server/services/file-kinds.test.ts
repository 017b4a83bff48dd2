import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileStorage } from '../files/storage';
import { storedFileKind } from './file-kinds';

const dir = mkdtempSync(join(tmpdir(), 'file-kinds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const storage = new FileStorage(dir);
const now = new Date('2026-11-23T00:00:00Z');

async function stored(name: string, bytes: Buffer): Promise<string> {
  const key = storage.newKey('u', name, now);
  await storage.writeBytes(key, bytes);
  return key;
}

describe('storedFileKind', () => {
  it('reads the kind from the stored bytes, never the name', async () => {
    const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url));
    expect(await storedFileKind(storage, await stored('bom.pdf', fixture('bom.xlsx')))).toBe('xlsx');
    expect(await storedFileKind(storage, await stored('bom.xlsx', fixture('bom.xls')))).toBe('xls');
    expect(await storedFileKind(storage, await stored('big.xlsx', fixture('bom-5000.xlsx')))).toBe('xlsx');
    expect(await storedFileKind(storage, await stored('renamed.xlsx', Buffer.from('%PDF-1.7\n...')))).toBe('pdf');
    expect(await storedFileKind(storage, await stored('empty.xlsx', Buffer.alloc(0)))).toBe('unknown');
  });

  it("finds a workbook's entry names in the last 64 KB when they are not near the start", async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200 * 1024)]);
    expect(await storedFileKind(storage, await stored('a.zip', Buffer.concat([zip, Buffer.from('PK\x01\x02 xl/workbook.xml')])))).toBe(
      'xlsx',
    );
    expect(await storedFileKind(storage, await stored('b.zip', Buffer.concat([zip, Buffer.from('PK\x01\x02 word/document.xml')])))).toBe(
      'zip',
    );
  });

  it('calls a file missing on disk unknown', async () => {
    expect(await storedFileKind(storage, storage.newKey('u', 'gone.pdf', now))).toBe('unknown');
  });
});
