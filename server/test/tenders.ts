import { readFileSync } from 'node:fs';
import type { FileRef } from '../../contract/schemas/common';
import type { TenderRecordDetail } from '../../contract/schemas/tender';
import { demoPdf } from '../seed/documents';
import { runOperatorAction, type OperatorAction } from '../services/operator-actions';
import { multipart, type TestApp } from './helper';

/** Tender test kit: files of each kind, notices, sessions and records in a given state. */

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url));

/** A minimal OLE2 compound file (the container of .xls and .doc) whose one stream is `stream`. */
export function ole2(stream: string): Buffer {
  const file = Buffer.alloc(512 * 3);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18);
  file.writeUInt16LE(3, 0x1a);
  file.writeUInt16LE(0xfffe, 0x1c);
  file.writeUInt16LE(9, 0x1e); // 512-byte sectors
  file.writeUInt16LE(6, 0x20);
  file.writeUInt32LE(1, 0x2c); // one FAT sector (sector 0)
  file.writeUInt32LE(1, 0x30); // the directory in sector 1
  file.writeUInt32LE(0xfffffffe, 0x44);
  file.fill(0xff, 0x4c, 512);
  file.writeUInt32LE(0, 0x4c);
  file.fill(0xff, 512, 1024);
  file.writeUInt32LE(0xfffffffd, 512);
  file.writeUInt32LE(0xfffffffe, 516);
  const entry = (at: number, name: string, type: number) => {
    file.write(name, at, 'utf16le');
    file.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    file[at + 0x42] = type;
  };
  entry(1024, 'Root Entry', 5);
  entry(1024 + 128, stream, 2);
  return file;
}

export const BYTES = {
  pdf: demoPdf(['test document']),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
  xlsx: fixture('bom.xlsx'),
  xls: fixture('bom.xls'),
  /** A Word .doc (an OLE2 file without a workbook stream). */
  doc: ole2('WordDocument'),
  emptyXlsx: fixture('bom-empty.xlsx'),
  /** A ZIP with one text entry: not a workbook. */
  zip: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('notes.txt hello')]),
  text: Buffer.from('plain text, not a picture'),
};

export interface Session {
  token: string;
  supplierId: string;
  username: string;
  supplierCode: string;
}

export function tenderKit(t: TestApp) {
  const as = (s: { token: string }, extra: Record<string, string> = {}) => ({ token: s.token, headers: extra });

  async function session(username: string): Promise<Session> {
    const s = await t.login(username);
    const me = await t.post<{ supplierCode: string }>('/supplier/getByToken', {}, { token: s.token });
    return { ...s, supplierCode: me.data.supplierCode };
  }

  /** An upload as the portal makes it, referenced with a made-up url (the service rebuilds it). */
  async function upload(name: string, bytes: Buffer, owner?: { token: string }): Promise<FileRef> {
    const form = multipart(name, bytes);
    const res = await t.app.inject({
      method: 'POST',
      url: '/bid-web/bid-service/file/upload',
      payload: form.payload,
      headers: { ...form.headers, ...(owner ? { 'x-access-token': owner.token } : {}) },
    });
    const file = JSON.parse(res.json().data.filename) as { name: string; path: string };
    return { name: file.name, url: 'https://evil.example/x', path: file.path };
  }

  const operator = <T = unknown>(action: OperatorAction, input: unknown) =>
    runOperatorAction(
      { db: t.db, storage: t.app.services.storage, now: new Date(t.clock.now), timeZone: t.app.services.timeZone },
      action,
      input,
    ) as Promise<T>;

  /** A fresh bidding notice (14 days, deposit 5,000, two certificates unless told otherwise). */
  async function notice(o: { hours?: number; deposit?: number; certificates?: string[] } = {}) {
    return operator<{ id: string; tenderNo: string; cutoffTime: string }>('publishNotice', {
      type: 'bidding',
      title: `测试招标 ${Math.random().toString(36).slice(2, 8)}`,
      hours: o.hours ?? 14 * 24,
      deposit: o.deposit ?? 5000,
      certificates: o.certificates ?? ['营业执照', 'ISO 9001 质量管理体系认证'],
    });
  }

  const signUp = (s: Session, noticeId: string, headers: Record<string, string> = {}) =>
    t.post<TenderRecordDetail>('/tender/signUp', { noticeId }, as(s, headers));

  async function depositBody(s: Session, record: { id: string }, overrides: Record<string, unknown> = {}) {
    return {
      tenderRecordId: record.id,
      supplierCode: s.supplierCode,
      depositType: 'transfer',
      amount: 5000,
      paymentDate: new Date(t.clock.now).toISOString().slice(0, 10),
      remittanceSlip: [await upload('汇款凭证.pdf', BYTES.pdf, s)],
      ...overrides,
    };
  }

  async function bidBody(s: Session, record: { id: string; requiredCertificates: string[] }, overrides: Record<string, unknown> = {}) {
    const certificates = [];
    for (const name of record.requiredCertificates) certificates.push({ name, files: [await upload(`${name}.pdf`, BYTES.pdf, s)] });
    return {
      tenderRecordId: record.id,
      supplierCode: s.supplierCode,
      bidDocuments: [await upload('投标文件.pdf', BYTES.pdf, s)],
      certificates,
      billOfMaterials: [await upload('物料清单.xlsx', BYTES.xlsx, s)],
      ...overrides,
    };
  }

  /** A record of `s` on a fresh notice, moved on to `stage` through the real calls and operator actions. */
  async function recordAt(
    s: Session,
    stage: 'signedUp' | 'depositSubmitted' | 'depositConfirmed' | 'bidSubmitted',
    o: Parameters<typeof notice>[0] = {},
  ) {
    const n = await notice(o);
    let record = (await signUp(s, n.id)).data;
    if (stage !== 'signedUp') {
      const paid = await t.post<TenderRecordDetail>('/tender/payDeposit', await depositBody(s, record), as(s));
      if (paid.code !== 'E000') throw new Error(`payDeposit: ${paid.code} ${paid.message}`);
      record = paid.data;
    }
    if (stage === 'depositConfirmed' || stage === 'bidSubmitted') await operator('confirmDeposit', { id: record.id });
    if (stage === 'bidSubmitted') {
      const bid = await t.post<TenderRecordDetail>('/tender/submitBid', await bidBody(s, record), as(s));
      if (bid.code !== 'E000') throw new Error(`submitBid: ${bid.code} ${bid.message}`);
    }
    return { notice: n, record: (await t.post<TenderRecordDetail>('/tender/getById', { id: record.id }, as(s))).data };
  }

  const counts = async () => ({
    records: await t.count('tender_records'),
    deposits: await t.count('tender_deposits'),
    bids: await t.count('tender_bids'),
    refunds: await t.count('tender_refunds'),
    unclaimed: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files WHERE owner_supplier_id IS NULL AND NOT public'))[0]!
      .n,
  });

  return { as, session, upload, operator, notice, signUp, depositBody, bidBody, recordAt, counts };
}
