import type { DepositType, RefundStatus, TenderStatus, WinStatus } from '@contract/tender-values';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TenderOutboxCall } from './tender-thread';

/** The wire carries codes; the labels are the portal's, in the reader's language. */
export const STATUS_LABEL: Record<TenderStatus, MessageDescriptor> = {
  signedUp: msg`已报名`,
  depositSubmitted: msg`保证金待确认`,
  depositRejected: msg`保证金被驳回`,
  depositConfirmed: msg`保证金已确认`,
  bidSubmitted: msg`已投标`,
  won: msg`已中标`,
  lost: msg`未中标`,
  refundRequested: msg`退款申请中`,
  refunded: msg`已退款`,
};

export const WIN_LABEL: Record<WinStatus, MessageDescriptor> = {
  pending: msg`待公布`,
  won: msg`中标`,
  lost: msg`未中标`,
};

export const REFUND_LABEL: Record<RefundStatus, MessageDescriptor> = {
  none: msg`无需退款`,
  notRefundable: msg`转为履约保证金`,
  refundable: msg`可申请退款`,
  requested: msg`退款处理中`,
  refunded: msg`已退款`,
};

/**
 * Deposit types: the dictionary `depositType` has the same three codes; the portal's own
 * labels keep the detail readable offline, where no dictionary may be cached.
 */
export const DEPOSIT_TYPE_LABEL: Record<DepositType, MessageDescriptor> = {
  transfer: msg`银行转账`,
  guarantee: msg`银行保函`,
  draft: msg`银行汇票`,
};

/** What a waiting outbox entry of a record is, in words. */
export const OUTBOX_CALL_LABEL: Record<TenderOutboxCall, MessageDescriptor> = {
  tenderPayDeposit: msg`缴纳保证金`,
  tenderSubmitBid: msg`上传投标文件及物料清单`,
  tenderReplaceBid: msg`替换投标文件`,
  tenderWithdrawBid: msg`撤回投标`,
  tenderApplyRefund: msg`申请退还保证金`,
};
