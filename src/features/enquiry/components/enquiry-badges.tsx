import type { EnquiryBusinessStatus, ReplyStatus, RoundStatus } from '@contract/enquiry-values';
import { useLingui } from '@lingui/react/macro';
import { BUSINESS_LABEL, REPLY_LABEL, ROUND_LABEL } from '../enquiry-labels';

// Status badges may break between words (a narrow table column in a long language).
// The supplier's turn stands out (amber), what it did is green, a missed round or a lost enquiry recedes.
const REPLY_CLASS: Record<ReplyStatus, string> = { pending: 'badge-amber', replied: 'badge-green', missed: '' };
const BUSINESS_CLASS: Record<EnquiryBusinessStatus, string> = {
  bargaining: 'badge-amber',
  awarded: 'badge-green',
  notAwarded: '',
  cancelled: '',
};
const ROUND_CLASS: Record<RoundStatus, string> = { open: 'badge-amber', closed: '' };

export function ReplyBadge({ status }: { status: ReplyStatus }) {
  const { i18n } = useLingui();
  return <span className={`badge ${REPLY_CLASS[status]}`}>{i18n._(REPLY_LABEL[status])}</span>;
}

export function BusinessBadge({ status }: { status: EnquiryBusinessStatus }) {
  const { i18n } = useLingui();
  return <span className={`badge ${BUSINESS_CLASS[status]}`}>{i18n._(BUSINESS_LABEL[status])}</span>;
}

export function RoundBadge({ status }: { status: RoundStatus }) {
  const { i18n } = useLingui();
  return <span className={`badge whitespace-nowrap ${ROUND_CLASS[status]}`}>{i18n._(ROUND_LABEL[status])}</span>;
}
