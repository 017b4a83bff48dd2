import type { RefundStatus, TenderStatus, WinStatus } from '@contract/tender-values';
import { useLingui } from '@lingui/react/macro';
import { REFUND_LABEL, STATUS_LABEL, WIN_LABEL } from '../tender-labels';

// The supplier's turn stands out (amber), a rejection is red, what is settled recedes.
const STATUS_CLASS: Record<TenderStatus, string> = {
  signedUp: 'badge-amber',
  depositSubmitted: '',
  depositRejected: 'badge-red',
  depositConfirmed: 'badge-amber',
  bidSubmitted: 'badge-green',
  won: 'badge-green',
  lost: '',
  refundRequested: '',
  refunded: '',
};
const WIN_CLASS: Record<WinStatus, string> = { pending: '', won: 'badge-green', lost: '' };
const REFUND_CLASS: Record<RefundStatus, string> = {
  none: '',
  notRefundable: '',
  refundable: 'badge-amber',
  requested: '',
  refunded: 'badge-green',
};

export function TenderStatusBadge({ status }: { status: TenderStatus }) {
  const { i18n } = useLingui();
  return <span className={`badge ${STATUS_CLASS[status]}`}>{i18n._(STATUS_LABEL[status])}</span>;
}

export function WinBadge({ status }: { status: WinStatus }) {
  const { i18n } = useLingui();
  return <span className={`badge ${WIN_CLASS[status]}`}>{i18n._(WIN_LABEL[status])}</span>;
}

export function RefundBadge({ status }: { status: RefundStatus }) {
  const { i18n } = useLingui();
  return <span className={`badge ${REFUND_CLASS[status]}`}>{i18n._(REFUND_LABEL[status])}</span>;
}
