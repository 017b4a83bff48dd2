import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EntryStatus, OutboxCall } from '@/offline/db';

export const STATUS_LABEL: Record<EntryStatus, MessageDescriptor> = {
  queued: msg`待发送`,
  sending: msg`发送中`,
  paused: msg`已暂停（请重新登录）`,
  failed: msg`发送失败`,
};

export const STATUS_BADGE: Record<EntryStatus, string> = {
  queued: 'badge',
  sending: 'badge badge-green',
  paused: 'badge badge-amber',
  failed: 'badge badge-red',
};

export const CALL_LABEL: Record<OutboxCall, MessageDescriptor> = {
  communicationSave: msg`新建沟通`,
  communicationReply: msg`沟通回复`,
  h5SavePersonnelEntity: msg`访客信息`,
  tenderPayDeposit: msg`缴纳保证金`,
  tenderSubmitBid: msg`提交投标文件`,
  tenderReplaceBid: msg`替换投标文件`,
  tenderWithdrawBid: msg`撤回投标`,
  tenderApplyRefund: msg`申请退还保证金`,
  enquiryQuote: msg`询价报价`,
  visitApplySave: msg`参观申请`,
};

/**
 * The reason to show for an entry's last error. A bid-service answer (an E-code) carries its
 * own message in the user's language; a network failure or a bare HTTP status only has a
 * technical English text, so it is said in words here.
 */
export function reasonOf(lastError: { code: string; message: string }): MessageDescriptor | string {
  if (/^E\d{3}$/.test(lastError.code)) return lastError.message;
  const status = /^HTTP (\d+)$/.exec(lastError.code)?.[1];
  if (status && Number(status) > 0) return msg`服务暂时无法处理（HTTP ${status}）`;
  return msg`网络连接失败或服务暂不可用`;
}
