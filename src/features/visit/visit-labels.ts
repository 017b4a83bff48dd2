import type { VisitReviewStatus } from '@contract/visit-values';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The wire carries codes (contract/visit-values.ts); the labels are the portal's, in the reader's language. */
export const REVIEW_LABEL: Record<VisitReviewStatus, MessageDescriptor> = {
  pending: msg`待审核`,
  approved: msg`已通过`,
  returned: msg`已退回`,
  withdrawn: msg`已撤回`,
};
