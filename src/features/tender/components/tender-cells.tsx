import type { FileRef } from '@contract/schemas/common';
import type { TenderRecordSummary } from '@contract/schemas/tender';
import { Trans } from '@lingui/react/macro';
import { FileDownloadButton } from '@/ui/file-download-button';
import type { TenderStatus } from '@contract/tender-values';
import { Money } from '@/ui/money';
import { TimeLeft } from '@/ui/time-left';

/** Statuses in which something must still reach the bid service before the cut-off time. */
const OPEN_STATUSES: readonly TenderStatus[] = ['signedUp', 'depositSubmitted', 'depositRejected', 'depositConfirmed'];
export const hasOpenDeadline = (status: TenderStatus) => OPEN_STATUSES.includes(status);

/** What the notice asks for and, once declared, what the supplier paid (two decimals, separators, currency). */
export function DepositAmounts({ record }: { record: TenderRecordSummary }) {
  if (record.requiredDeposit === 0 && record.depositAmount === null) {
    return (
      <span className="text-slate-500">
        <Trans>无需缴纳</Trans>
      </span>
    );
  }
  return (
    <dl className="grid grid-cols-[auto_auto] justify-start gap-x-2 text-sm">
      <dt className="text-slate-500">
        <Trans>应缴</Trans>
      </dt>
      <dd>
        <Money value={record.requiredDeposit} currency={record.currency} />
      </dd>
      {record.depositAmount !== null ? (
        <>
          <dt className="text-slate-500">
            <Trans>已缴</Trans>
          </dt>
          <dd>
            <Money value={record.depositAmount} currency={record.currency} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** Each file as a download button, or a dash. */
export function FileList({ files }: { files: FileRef[] }) {
  if (files.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-1">
      {files.map((file) => (
        <li key={file.path}>
          <FileDownloadButton file={file} />
        </li>
      ))}
    </ul>
  );
}

/** The countdown while something must still reach the bid service before the cut-off. */
export function OpenDeadline({ record, now }: { record: TenderRecordSummary; now: number }) {
  return hasOpenDeadline(record.status) ? <TimeLeft deadline={record.cutoffTime} now={now} /> : null;
}

/** The buyer's reason, while the deposit stands rejected. */
export function RejectNote({ record }: { record: TenderRecordSummary }) {
  const reason = record.rejectReason;
  if (record.status !== 'depositRejected' || !reason) return null;
  return (
    <p className="mt-1 max-w-56 text-xs break-words text-red-700">
      <Trans>驳回原因：{reason}</Trans>
    </p>
  );
}

/** The visible mark of the record the URL points at (after signing up, or from a link). */
export function CurrentMark() {
  return (
    <span className="badge badge-amber">
      <Trans>当前记录</Trans>
    </span>
  );
}
