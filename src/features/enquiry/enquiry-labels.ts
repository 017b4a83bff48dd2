import type { EnquiryBusinessStatus, ReplyStatus, RoundStatus } from '@contract/enquiry-values';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The wire carries codes (contract/enquiry-values.ts); the labels are the portal's, in the reader's language. */
export const REPLY_LABEL: Record<ReplyStatus, MessageDescriptor> = {
  pending: msg`待报价`,
  replied: msg`已报价`,
  missed: msg`未报价`,
};

export const BUSINESS_LABEL: Record<EnquiryBusinessStatus, MessageDescriptor> = {
  bargaining: msg`议价中`,
  awarded: msg`已定标`,
  notAwarded: msg`未成交`,
  cancelled: msg`已取消`,
};

export const ROUND_LABEL: Record<RoundStatus, MessageDescriptor> = {
  open: msg`进行中`,
  closed: msg`已结束`,
};
