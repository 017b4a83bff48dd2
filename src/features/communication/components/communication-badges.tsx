import type { CommunicationPriority, CommunicationStatus } from '@contract/schemas/communication';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/** The wire carries codes; the labels are the portal's, in the reader's language. */
export const PRIORITY_LABEL: Record<CommunicationPriority, MessageDescriptor> = {
  high: msg`高`,
  medium: msg`中`,
  low: msg`低`,
};

export const STATUS_LABEL: Record<CommunicationStatus, MessageDescriptor> = {
  awaitingBuyer: msg`待采购方回复`,
  awaitingSupplier: msg`待我方回复`,
  closed: msg`已关闭`,
};

const PRIORITY_CLASS: Record<CommunicationPriority, string> = { high: 'badge-red', medium: 'badge-amber', low: '' };
// The supplier's turn stands out; a closed thread recedes.
const STATUS_CLASS: Record<CommunicationStatus, string> = { awaitingSupplier: 'badge-amber', awaitingBuyer: 'badge-green', closed: '' };

export function PriorityBadge({ priority }: { priority: CommunicationPriority }) {
  const { i18n } = useLingui();
  return <span className={`badge ${PRIORITY_CLASS[priority]}`}>{i18n._(PRIORITY_LABEL[priority])}</span>;
}

export function StatusBadge({ status }: { status: CommunicationStatus }) {
  const { i18n } = useLingui();
  return <span className={`badge ${STATUS_CLASS[status]}`}>{i18n._(STATUS_LABEL[status])}</span>;
}
