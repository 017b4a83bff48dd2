import { z } from '../zod';
import { receipt } from './receipt';
import { MAX_FILES_AT_ONCE, TEXT_MAX } from '../limits';
import type { MessageKey } from '../messages';
import { isoDate, optionalText, requiredText } from '../rules';
import { DEPOSIT_TYPES, REFUND_REMARK_MAX, TENDER_STATUSES, type RefundStatus, type WinStatus } from '../tender-values';
import { UPLOAD_RULES } from '../upload-rules';
import { fileRef, page, pageRequest } from './common';

export * from '../tender-values';

const err = (key: MessageKey) => ({ error: key });

/** SPEC.md section 8: "missing tender record id", "missing supplier code". */
const tenderRecordId = () => requiredText(64, 'tenderRecordIdMissing');
const supplierCode = () => requiredText(32, 'supplierCodeMissing');

/** Files of one named field, bounded by its rule of contract/upload-rules.ts. */
const filesOf = (rule: { min: number; max: number; tooMany: MessageKey }, missing: MessageKey = 'requiredUploadMissing') =>
  z.array(fileRef, err(missing)).min(rule.min, err(missing)).max(rule.max, err(rule.tooMany));

/** A money amount: positive, finite, at most two decimals (SPEC.md section 5: non-empty, non-zero). */
const amount = () =>
  z
    .number(err('amountInvalid'))
    .finite(err('amountInvalid'))
    .positive(err('amountInvalid'))
    .max(1e12, err('amountInvalid'))
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, err('amountInvalid'));

const winStatuses = ['pending', 'won', 'lost'] as const satisfies readonly WinStatus[];
const refundStatuses = ['none', 'notRefundable', 'refundable', 'requested', 'refunded'] as const satisfies readonly RefundStatus[];

/** One row of the tender management list (SPEC.md sections 2 and 3). */
const tenderRecordSummary = z.object({
  id: z.string(),
  noticeId: z.string(),
  tenderNo: z.string(),
  title: z.string(),
  /** ISO 8601 with offset: the notice's cut-off time. */
  cutoffTime: z.string(),
  status: z.enum(TENDER_STATUSES),
  winStatus: z.enum(winStatuses),
  refundStatus: z.enum(refundStatuses),
  /** What the notice asks for (0: no deposit), in its currency. */
  requiredDeposit: z.number(),
  currency: z.string(),
  /** The amount the supplier declared paying, once it did. */
  depositAmount: z.number().nullable(),
  depositConfirmed: z.boolean(),
  /** Why the buyer rejected the deposit, while it is rejected. */
  rejectReason: z.string().nullable(),
  bidDocuments: z.array(fileRef),
  refundVoucher: fileRef.nullable(),
  signedUpAt: z.string(),
  bidSubmittedAt: z.string().nullable(),
  /**
   * The version of the bid that stands (null before the first and after a withdrawal): what a
   * replacement or a withdrawal names (`version`), so the list can offer them too.
   */
  bidVersion: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type TenderRecordSummary = z.infer<typeof tenderRecordSummary>;

const depositDetail = z.object({
  depositType: z.enum(DEPOSIT_TYPES),
  amount: z.number(),
  currency: z.string(),
  /** YYYY-MM-DD */
  paymentDate: z.string(),
  remittanceSlip: fileRef,
  submittedAt: z.string(),
  confirmedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type DepositDetail = z.infer<typeof depositDetail>;

const certificateGroup = z.object({ name: z.string(), files: z.array(fileRef) });

const bidDetail = z.object({
  /** 1 for the first bid, one more for each replacement or bid after a withdrawal. */
  version: z.number().int(),
  bidDocuments: z.array(fileRef),
  certificates: z.array(certificateGroup),
  billOfMaterials: fileRef,
  submittedAt: z.string(),
});
export type BidDetail = z.infer<typeof bidDetail>;

const refundDetail = z.object({
  remark: z.string(),
  requestedAt: z.string(),
  refundedAt: z.string().nullable(),
  voucher: fileRef.nullable(),
});

/** Every bid of a record, oldest first: the one standing, those a later version replaced, those withdrawn. */
const bidVersion = z.object({
  version: z.number().int(),
  submittedAt: z.string(),
  status: z.enum(['standing', 'superseded', 'withdrawn']),
  /** When a later version replaced it or it was withdrawn; null while it stands. */
  closedAt: z.string().nullable(),
});
export type BidVersion = z.infer<typeof bidVersion>;

/** A record with everything the supplier sent and the buyer answered. */
export const tenderRecordDetail = tenderRecordSummary.extend({
  /** The certificate documents the notice requires, one upload group each. */
  requiredCertificates: z.array(z.string()),
  deposit: depositDetail.nullable(),
  /** The bid that stands (null before the first and after a withdrawal). */
  bid: bidDetail.nullable(),
  bidVersions: z.array(bidVersion),
  refund: refundDetail.nullable(),
  /** The signed receipts of what the supplier submitted on this record, in the order received (docs/decisions/receipts.md). */
  receipts: z.array(receipt),
  /** The bid service's clock when it answered: countdowns and deadline checks go by it, not the phone's. */
  serverTime: z.string(),
});
export type TenderRecordDetail = z.infer<typeof tenderRecordDetail>;

/** Signing up twice for one notice answers the same record. */
export const tenderSignUpRequest = z.object({ noticeId: requiredText(64) });

/** The list page, with the bid service's clock (see `serverTime` above). */
export const tenderRecordPage = page(tenderRecordSummary).extend({ serverTime: z.string() });
export type TenderRecordPage = z.infer<typeof tenderRecordPage>;

export const tenderListRequest = pageRequest.extend({
  status: z.enum(TENDER_STATUSES, err('choiceInvalid')).optional(),
});

export const tenderGetByIdRequest = z.object({ id: tenderRecordId() });

/** Payment date and remittance slip are required (SPEC.md section 5); the date is not in the future. */
export const tenderPayDepositRequest = z.object({
  tenderRecordId: tenderRecordId(),
  supplierCode: supplierCode(),
  depositType: z.enum(DEPOSIT_TYPES, err('required')),
  amount: amount(),
  paymentDate: isoDate(),
  remittanceSlip: filesOf(UPLOAD_RULES.remittanceSlip, 'required'),
});

/** Bid documents, one file group per required certificate, exactly one bill of materials. */
export const tenderSubmitBidRequest = z.object({
  tenderRecordId: tenderRecordId(),
  supplierCode: supplierCode(),
  bidDocuments: filesOf(UPLOAD_RULES.bidDocuments),
  certificates: z
    .array(
      z.object({ name: requiredText(TEXT_MAX), files: filesOf(UPLOAD_RULES.certificateFiles, 'certificateRequired') }),
      err('certificateRequired'),
    )
    .max(MAX_FILES_AT_ONCE, err('tooManyFiles'))
    .default([]),
  billOfMaterials: filesOf(UPLOAD_RULES.billOfMaterials),
});

/**
 * A new version of the bid that stands, before the cut-off: the whole bid again (a submitted
 * bid is never edited). `version` is the one it replaces, as the supplier saw it: a replacement
 * that waited in the outbox while another version was submitted is refused (bidVersionChanged).
 */
export const tenderReplaceBidRequest = tenderSubmitBidRequest.extend({
  version: z.number(err('paramsLost')).int(err('paramsLost')).min(1, err('paramsLost')),
});

/** Withdraws the bid that stands (`version`, as the supplier saw it) before the cut-off: the record may take a new bid. */
export const tenderWithdrawBidRequest = z.object({
  tenderRecordId: tenderRecordId(),
  supplierCode: supplierCode(),
  version: z.number(err('paramsLost')).int(err('paramsLost')).min(1, err('paramsLost')),
});

export const tenderApplyRefundRequest = z.object({
  tenderRecordId: tenderRecordId(),
  supplierCode: supplierCode(),
  remark: optionalText(REFUND_REMARK_MAX),
});
