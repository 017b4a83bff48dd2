import type { VisitReviewStatus } from '@contract/visit-values';
import { useLingui } from '@lingui/react/macro';
import { REVIEW_LABEL } from '../visit-labels';

// Waiting stands out (amber), approved is green, returned asks for work (red), withdrawn recedes.
const REVIEW_CLASS: Record<VisitReviewStatus, string> = {
  pending: 'badge-amber',
  approved: 'badge-green',
  returned: 'badge-red',
  withdrawn: '',
};

export function ReviewBadge({ status }: { status: VisitReviewStatus }) {
  const { i18n } = useLingui();
  return <span className={`badge whitespace-nowrap ${REVIEW_CLASS[status]}`}>{i18n._(REVIEW_LABEL[status])}</span>;
}
