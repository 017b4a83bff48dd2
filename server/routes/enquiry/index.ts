import type { FastifyInstance } from 'fastify';
import { quoteTotal } from '../../../contract/enquiry-values';
import { endpoints } from '../../../contract/endpoints';
import { UPLOAD_RULES } from '../../../contract/upload-rules';
import {
  detailOf,
  enquiryDetailFor,
  enquiryDetailRowFor,
  enquiryVersionFor,
  linesOf,
  listEnquiriesFor,
  type EnquiryDetailRow,
} from '../../db/enquiry-repo';
import { insertQuote } from '../../db/enquiry-writes';
import { issueReceipt } from '../../services/receipt-issue';
import { isDictionaryCode } from '../../db/visit-repo';
import { conflict, invalid } from '../../http/api-error';
import { route } from '../../http/route';
import { contentDisposition } from '../../files/mime';
import { inquiryLetterXlsx, letterFileName } from '../../services/inquiry-letter';
import { named, ownFiles } from '../../services/file-refs';
import { VersionedCache } from '../../services/versioned-cache';
import { enquiringSupplier, enquiryLost, ensureQuotable, invitedEnquiry, matchLines } from './checks';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Inquiry and bargaining (SPEC.md sections 2 to 5): the enquiries a supplier is invited to,
 * their rounds, and its quotes. Open to the statuses bargaining is open to
 * (contract/status-rules.ts), read from the database on every call; an enquiry the caller is not
 * invited to is E404. Round states and deadlines go by the bid service's clock, which every
 * answer carries.
 */
export async function enquiryRoutes(app: FastifyInstance): Promise<void> {
  const { now, storage } = app.services;

  route(app, 'enquiry', endpoints.enquiryListByPage, async ({ input, session, db }) => {
    const { supplierId } = enquiringSupplier(session);
    const at = now();
    const { pageNo, pageSize } = input;
    const q = {
      supplierId,
      replyStatus: input.replyStatus,
      businessStatus: input.businessStatus,
      search: input.searchContent || undefined,
      pageNo,
      pageSize,
    };
    const { records, total } = await listEnquiriesFor(db, q, at);
    return { records, total, pageNo, pageSize, serverTime: at.toISOString() };
  });

  /**
   * Details read, per supplier and enquiry, at the enquiry's version (migration 017): a supplier
   * opens the same enquiry again and again while a round runs (the screen, its refetches, the
   * outbox's follow-up), and a look at the version costs a fraction of the detail's JSON. On
   * PGlite, one thread for every statement of the instance, the detail alone allowed about 450
   * calls a second. At most 500 kept (a 500-line enquiry's row is about 150 KB).
   */
  const details = new VersionedCache<EnquiryDetailRow>(500);

  route(app, 'enquiry', endpoints.enquiryGetById, async ({ input, session, db }) => {
    const { supplierId } = enquiringSupplier(session);
    const at = now();
    const version = await enquiryVersionFor(db, input.id, supplierId);
    if (version === null) throw enquiryLost();
    const key = `${supplierId}/${input.id}`;
    const kept = details.get(key, version);
    if (kept) return detailOf(kept, at);
    const row = await enquiryDetailRowFor(db, input.id, supplierId, at);
    if (!row) throw enquiryLost();
    details.set(key, row.version, row);
    return detailOf(row, at);
  });

  /**
   * One quote per supplier and round, in one transaction with the enquiry row locked: the round
   * must be the current one, open and not yet answered (quoteBlock), the currency a dictionary
   * entry, the lines exactly the enquiry's, the letter the supplier's own .xls/.xlsx. The total
   * is computed here (quoteTotal), never taken from the client.
   */
  route(
    app,
    'enquiry',
    endpoints.enquiryQuote,
    async ({ input, session, db }) => {
      const { supplierId, supplierName } = enquiringSupplier(session);
      const at = now();
      return db.transaction(async (tx) => {
        const enquiry = await invitedEnquiry(tx, input.enquiryId, supplierId, at, true);
        ensureQuotable(enquiry, input.round, at);
        if (!(await isDictionaryCode(tx, 'currency', input.currency))) throw invalid('currency', 'choiceInvalid');
        const lines = matchLines(input.lines, await linesOf(tx, enquiry.id, enquiry.round, null));
        const letterRefs = named('letter', input.letter);
        const [letter] = await ownFiles(tx, storage, letterRefs, UPLOAD_RULES.inquiryLetter, supplierId);
        const quote = {
          enquiryId: enquiry.id,
          supplierId,
          round: enquiry.round,
          currency: input.currency,
          taxIncluded: input.taxIncluded,
          deliveryDate: input.deliveryDate,
          remark: input.remark,
          total: quoteTotal(lines),
          letter: letter ?? null,
          lines,
        };
        if (!(await insertQuote(tx, quote, at))) throw conflict('quoteAlreadySubmitted');
        await issueReceipt(tx, app.services, {
          kind: 'quote',
          recordId: enquiry.id,
          recordNo: enquiry.enquiryNo,
          round: enquiry.round,
          files: letterRefs,
          supplier: { supplierId, supplierName },
          at,
        });
        return (await enquiryDetailFor(tx, enquiry.id, supplierId, at))!;
      });
    },
    { idempotent: true },
  );

  /** The inquiry-letter template of the enquiry as it stands (current round), in the request language. */
  route(app, 'enquiry', endpoints.enquiryDownloadTemplate, async ({ input, session, db, req, reply }) => {
    const { supplierId, supplierName } = enquiringSupplier(session);
    const detail = await enquiryDetailFor(db, input.id, supplierId, now());
    if (!detail) throw enquiryLost();
    const bytes = await inquiryLetterXlsx(detail, supplierName, req.locale);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-length', bytes.length)
      .header('content-disposition', contentDisposition(letterFileName(detail)))
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}
