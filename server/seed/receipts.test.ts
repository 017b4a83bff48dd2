import { describe, expect, it } from 'vitest';
import type { CommunicationDetail, CommunicationSummary } from '../../contract/schemas/communication';
import type { EnquiryDetail, EnquiryPage } from '../../contract/schemas/enquiry';
import type { VisitApplicationDetail, VisitApplicationPage } from '../../contract/schemas/visit';
import { build } from '../test/helper';
import { receiptChecker } from '../test/receipts';

const t = await build();
const a104 = await t.login('demo_a104');
const a141 = await t.login('demo_a141');
const SUPPLIER_NAMES = { demo_a104: '江苏恒通纸业有限公司' } as const;

/** The stored key of each file a message, quote or application names, by the field it was sent in. */
const byField = (entries: Array<[string, { path: string }]>) => Object.fromEntries(entries.map(([field, ref]) => [field, ref.path]));

describe('demo receipts of threads, quotes and visit applications', () => {
  it("gives each of the supplier's messages of demo_a104's threads its receipt (opening question, then replies), the buyer's none", async () => {
    const { checked } = await receiptChecker(t);
    const threads = (await t.post<{ records: CommunicationSummary[] }>('/communication/listByPage', {}, { token: a104.token })).data
      .records;
    expect(threads).toHaveLength(3);
    const kinds: string[] = [];
    let files = 0;
    for (const summary of threads) {
      const thread = (await t.post<CommunicationDetail>('/communication/getById', { id: summary.id }, { token: a104.token })).data;
      for (const [i, message] of thread.replies.entries()) {
        if (message.side === 'buyer') {
          expect(message.receipt, `${thread.topic}: the buyer's message`).toBeNull();
          continue;
        }
        expect(message.receipt, `${thread.topic}: message ${i}`).not.toBeNull();
        const claims = await checked(message.receipt!, byField(message.attachments.map((a, j) => [`attachments.${j}`, a])));
        expect(claims).toMatchObject({
          kind: i === 0 ? 'communication' : 'reply',
          recordId: thread.id,
          recordNo: thread.questionNo,
          supplierId: a104.supplierId,
          supplierName: SUPPLIER_NAMES.demo_a104,
          fileCount: message.attachments.length,
        });
        expect(Date.parse(claims.receivedAt)).toBe(Date.parse(message.createdAt));
        expect(message.receipt!.files.map((f) => f.name)).toEqual(message.attachments.map((a) => a.name));
        kinds.push(claims.kind);
        files += message.attachments.length;
      }
    }
    expect(kinds.sort()).toEqual(['communication', 'communication', 'communication', 'reply']);
    expect(files).toBeGreaterThan(0);
  });

  it('gives each quote of the demo enquiries, of both suppliers, its receipt with its round', async () => {
    const { checked } = await receiptChecker(t);
    const rounds = new Set<number>();
    for (const s of [a104, a141]) {
      const page = (await t.post<EnquiryPage>('/enquiry/listByPage', { pageSize: 100 }, { token: s.token })).data;
      let quotes = 0;
      for (const r of page.records) {
        const enquiry = (await t.post<EnquiryDetail>('/enquiry/getById', { id: r.id }, { token: s.token })).data;
        for (const quote of enquiry.quotes) {
          expect(quote.receipt, `${enquiry.enquiryNo} round ${quote.round}`).not.toBeNull();
          const claims = await checked(quote.receipt!);
          expect(claims).toMatchObject({
            kind: 'quote',
            recordId: enquiry.id,
            recordNo: enquiry.enquiryNo,
            round: quote.round,
            supplierId: s.supplierId,
            fileCount: 0,
          });
          expect(Date.parse(claims.receivedAt)).toBe(Date.parse(quote.submittedAt));
          rounds.add(quote.round);
          quotes++;
        }
      }
      expect(quotes).toBeGreaterThan(0);
    }
    expect([...rounds].sort()).toEqual([1, 2]);
  });

  it("gives each of demo_a104's visit applications its receipt, every file as stored", async () => {
    const { checked } = await receiptChecker(t);
    const page = (await t.post<VisitApplicationPage>('/visitApply/listByPage', { pageSize: 100 }, { token: a104.token })).data;
    expect(page.records.map((r) => r.reviewStatus).sort()).toEqual(['approved', 'pending', 'returned']);
    for (const r of page.records) {
      const application = (await t.post<VisitApplicationDetail>('/visitApply/getById', { id: r.id }, { token: a104.token })).data;
      expect(application.receipt, application.visitNo).not.toBeNull();
      const paths = byField([
        ...application.labourContract.map((f, i): [string, { path: string }] => [`labourContract.${i}`, f]),
        ...application.files.map((f, i): [string, { path: string }] => [`files.${i}.file`, f.file]),
      ]);
      const claims = await checked(application.receipt!, paths);
      expect(claims).toMatchObject({
        kind: 'visitApplication',
        recordId: application.id,
        recordNo: application.visitNo,
        supplierId: a104.supplierId,
        supplierName: SUPPLIER_NAMES.demo_a104,
        fileCount: 2,
      });
      expect(Date.parse(claims.receivedAt)).toBe(Date.parse(application.submittedAt));
      expect(application.receipt!.files.map((f) => f.field)).toEqual(['labourContract.0', 'files.0.file']);
    }
  });
});
