import type { OutboxEntry } from '@/offline/db';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/**
 * Where a write the bid service refused is mended, in its own form: a deposit or a refund in its
 * dialog on the record (opened with its values and slip), a bid or a replacement on its bid page (its files; a
 * withdrawal has nothing to correct: retry or discard, and withdraw again from the record), a new thread or a visit
 * application in its form, a reply in its thread's reply form (its text and
 * files), a quote refused for a newer round on its enquiry (its prices copied into that round's
 * form). Null for a write whose form does not mend yet:
 * retry and discard stay.
 */
export function MendLink({ entry }: { entry: OutboxEntry }) {
  if (entry.status !== 'failed') return null;
  const className = 'btn btn-primary btn-sm';
  if (entry.call === 'tenderPayDeposit') {
    return (
      <Link
        to="/platform/tenderManagement"
        search={{ tenderId: String(entry.payload.tenderRecordId), action: 'deposit', mend: entry.id }}
        className={className}
      >
        <Trans>修改</Trans>
      </Link>
    );
  }
  if (entry.call === 'tenderApplyRefund') {
    return (
      <Link
        to="/platform/tenderManagement"
        search={{ tenderId: String(entry.payload.tenderRecordId), action: 'refund', mend: entry.id }}
        className={className}
      >
        <Trans>修改</Trans>
      </Link>
    );
  }
  if (entry.call === 'tenderSubmitBid' || entry.call === 'tenderReplaceBid') {
    return (
      <Link
        to="/platform/tenderManagement/$id/bid"
        params={{ id: String(entry.payload.tenderRecordId) }}
        search={entry.call === 'tenderReplaceBid' ? { mend: entry.id, replace: true } : { mend: entry.id }}
        className={className}
      >
        <Trans>修改</Trans>
      </Link>
    );
  }
  if (entry.call === 'communicationSave') {
    return (
      <Link to="/platform/communicateRecord/new" search={{ mend: entry.id }} className={className}>
        <Trans>修改</Trans>
      </Link>
    );
  }
  if (entry.call === 'visitApplySave') {
    return (
      <Link to="/platform/visitorApplyNew/new" search={{ mend: entry.id }} className={className}>
        <Trans>修改</Trans>
      </Link>
    );
  }
  if (entry.call === 'communicationReply') {
    return (
      <Link
        to="/platform/communicateRecord/$id"
        params={{ id: String(entry.payload.communicationId) }}
        search={{ mend: entry.id }}
        className={className}
      >
        <Trans>修改</Trans>
      </Link>
    );
  }
  if (entry.call === 'enquiryQuote' && entry.lastError?.reason === 'roundChanged') {
    return (
      <Link to="/platform/bargaining/$id" params={{ id: String(entry.payload.enquiryId) }} className={className}>
        <Trans>修改</Trans>
      </Link>
    );
  }
  return null;
}
