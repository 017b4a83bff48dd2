import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import type { OwnBidService } from './bid-service';

/** Helpers of the tender e2e specs: the operator CLI, the bid service's API as another supplier would use it, files. */

export const PASSWORD = 'Demo1234';
export const BOM_XLSX = resolve(import.meta.dirname, '../fixtures/bom.xlsx');
const API = '/bid-web/bid-service';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function operator(service: OwnBidService) {
  const cli = (...args: string[]): unknown =>
    JSON.parse(
      execFileSync('npx', ['tsx', 'server/cli.ts', ...args], {
        env: { ...process.env, DATA_DIR: service.dataDir, PORT: String(service.port) },
        encoding: 'utf8',
      }),
    );
  return {
    cli,
    publish: (title: string, extra: string[] = []) =>
      cli('publish-notice', '--type', 'bidding', '--title', title, '--days', '10', '--deposit', '20000', ...extra) as {
        id: string;
        tenderNo: string;
        certificateDocuments: string[];
      },
    records: (tenderNo: string) => cli('list-tender-records', '--tender-no', tenderNo) as OperatorRecord[],
    record: (tenderNo: string, supplier: string) => {
      const found = (cli('list-tender-records', '--tender-no', tenderNo, '--supplier', supplier) as OperatorRecord[])[0];
      if (!found) throw new Error(`no record of ${supplier} for ${tenderNo}`);
      return found;
    },
    /** The bytes the bid service stored for a file reference. */
    stored: (ref: { path: string }) => readFileSync(join(service.dataDir, 'files', ref.path)),
  };
}

export interface FileRef {
  name: string;
  url: string;
  path: string;
}

export interface OperatorRecord {
  id: string;
  supplier: string;
  tenderNo: string;
  status: string;
  deposit: { amount: number; remittanceSlip: FileRef } | null;
  deposits: unknown[];
  bid: { bidDocuments: FileRef[]; certificates: { name: string; files: FileRef[] }[]; billOfMaterials: FileRef } | null;
  refund: { voucher: FileRef | null } | null;
}

/** A supplier using the bid service's calls directly (the e2e's "other supplier", and quick set-ups). */
export async function apiSession(service: OwnBidService, username: string) {
  const call = async <T>(path: string, body: unknown, token?: { oauthToken: string; supplierId: string }): Promise<T> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) Object.assign(headers, { 'X-Access-Token': token.oauthToken, 'X-Supplier-Id': token.supplierId });
    const res = await fetch(`${service.url}${API}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const envelope = (await res.json()) as { code: string; message: string; data: T };
    if (envelope.code !== 'E000') throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
    return envelope.data;
  };
  const login = await call<{ oauthToken: string; supplierId: string; supplierCode: string }>('/supplier/login', {
    username,
    password: PASSWORD,
  });
  const upload = async (name: string, bytes: Buffer): Promise<FileRef> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${service.url}${API}/file/upload`, {
      method: 'POST',
      headers: { 'X-Access-Token': login.oauthToken, 'X-Supplier-Id': login.supplierId },
      body: form,
    });
    const envelope = (await res.json()) as { code: string; data: { filename: string } };
    if (envelope.code !== 'E000') throw new Error(`upload ${name}: ${envelope.code}`);
    const parsed = JSON.parse(envelope.data.filename) as { name: string; fileUrl: string; path: string };
    return { name: parsed.name, url: parsed.fileUrl, path: parsed.path };
  };
  const as = <T>(path: string, body: unknown) => call<T>(path, body, login);
  return {
    supplierCode: login.supplierCode,
    signUp: (noticeId: string) => as<{ id: string }>('/tender/signUp', { noticeId }),
    payDeposit: async (recordId: string, amount: number) =>
      as('/tender/payDeposit', {
        tenderRecordId: recordId,
        supplierCode: login.supplierCode,
        depositType: 'transfer',
        amount,
        paymentDate: new Date().toISOString().slice(0, 10),
        remittanceSlip: [await upload('汇款凭证.png', png(40, 30))],
      }),
    /** A visit application as the bid service stored it. */
    visitApplication: (id: string) =>
      as<{
        reviewStatus: string;
        visitorCount: number;
        labourContract: FileRef[];
        files: { type: string; file: FileRef }[];
        insurance: { appendix: FileRef[]; insuredPersons: { certificateNo: string; job: string }[] };
      }>('/visitApply/getById', { id }),
    submitBid: async (recordId: string, certificates: string[]) =>
      as('/tender/submitBid', {
        tenderRecordId: recordId,
        supplierCode: login.supplierCode,
        bidDocuments: [await upload('投标书.pdf', Buffer.from('%PDF-1.4\n% other supplier\n'))],
        certificates: await Promise.all(
          certificates.map(async (name) => ({ name, files: [await upload(`${name}.pdf`, Buffer.from('%PDF-1.4\n'))] })),
        ),
        billOfMaterials: [await upload('物料清单.xlsx', readFileSync(BOM_XLSX))],
      }),
  };
}

/**
 * A real PNG (RGB, filter 0 per row) of a gradient with noise, so it does not compress to
 * nothing: what a phone camera's screenshot of a remittance slip weighs.
 */
export function png(width: number, height: number): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  const noise = randomBytes(width * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < width; x++) {
      const at = y * row + 1 + x * 3;
      const n = noise[y * width + x]! & 0x1f;
      raw[at] = ((x * 255) / width + n) & 0xff;
      raw[at + 1] = ((y * 255) / height + n) & 0xff;
      raw[at + 2] = (160 + n) & 0xff;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function login(page: Page, url: string, username: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByRole('textbox', { name: /^账号/ }).fill(username);
  await page.getByLabel(/^密码/).fill(PASSWORD);
  await page.getByRole('button', { name: '进入工作台' }).click();
  await page.waitForURL(/\/platform\/home/);
}

/** The entries of the portal's outbox on this device, oldest first: status and last error. */
export const outboxEntries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ status: string; attempts: number; lastError: { code: string } | null }[]>((ok, fail) => {
        const open = indexedDB.open('supplier-portal');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            ok([]);
            return;
          }
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            ok(
              (all.result as { status: string; attempts: number; lastError: { code: string } | null; createdAt: number }[]).sort(
                (a, b) => a.createdAt - b.createdAt,
              ),
            );
            db.close();
          };
          all.onerror = () => fail(all.error);
        };
      }),
  );

/** How many entries the portal's outbox holds on this device. */
export const outboxCount = async (page: Page) => (await outboxEntries(page)).length;

/** The record's row of the list (1280 px: a table row whose name holds the number and the statuses). */
export const recordOf = (page: Page, tenderNo: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: tenderNo, exact: true }) });

/** A row action: every label carries the record's number for screen readers. */
export const actionOf = (page: Page, label: string, tenderNo: string) =>
  page
    .getByRole('link', { name: `${label} ${tenderNo}`, exact: true })
    .or(page.getByRole('button', { name: `${label} ${tenderNo}`, exact: true }));

/** A file input (exposed as a button named by its field and its chooser's text). */
export const chooser = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** Fills the bid page: documents, one file per required certificate, the bill of materials. */
export async function fillBid(page: Page, certificates: string[], bidDocument: { name: string; buffer: Buffer }): Promise<void> {
  // A file input is named by its field's label and its button's text.
  await chooser(page, '投标文件 添加附件').setInputFiles({ ...bidDocument, mimeType: 'application/pdf' });
  for (const name of certificates) {
    await chooser(page, `${name} 添加附件`).setInputFiles({
      name: `${name}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4\n% ${name}\n`),
    });
  }
  await chooser(page, '物料清单 选择文件').setInputFiles(BOM_XLSX);
  await expect(page.getByText('物料清单共 12 行物料')).toBeVisible();
}

/**
 * Whether the detail answer of record `id` (a tender record, an enquiry) is kept on this device:
 * a query keyed [area, supplier, 'detail', id] in the persisted store, holding data. (The id alone
 * would be found in the list's answer too, before the detail is saved.)
 */
export const persistedDetail = (page: Page, id: string) =>
  page.evaluate(
    (wanted) =>
      new Promise<boolean>((ok, fail) => {
        const open = indexedDB.open('supplier-portal');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          // One record per query (src/app/query-persist.ts): `rq:<supplierId>|<queryHash>`.
          const all = db.transaction('kv').objectStore('kv').getAll(IDBKeyRange.bound('rq:', 'rq:\uffff'));
          all.onsuccess = () => {
            type Stored = { query?: { queryKey: unknown[]; state: { data?: unknown } } };
            const queries = (all.result as Stored[]).flatMap((record) => (record?.query ? [record.query] : []));
            ok(queries.some((q) => q.queryKey[2] === 'detail' && q.queryKey[3] === wanted && q.state.data !== undefined));
            db.close();
          };
          all.onerror = () => fail(all.error);
        };
      }),
    id,
  );
