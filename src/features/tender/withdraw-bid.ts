import type { TenderRecordSummary } from '@contract/schemas/tender';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { announceQueueFailure, announceSubmissionQueued } from '@/ui/announce-queued';
import { confirmDialog } from '@/ui/confirm';
import { queueWithdrawBid } from './api/withdraw-bid';

/** Records whose withdrawal is being asked or written now: a second tap meanwhile asks nothing. */
const asking = new Set<string>();

/**
 * 撤回投标: the confirmation says what a withdrawal does (the bid no longer stands but is kept,
 * the deposit stays, a new bid may follow before the cut-off), then the withdrawal of the version
 * on screen waits in the outbox and goes once. Resolves whether it was queued.
 */
export async function withdrawBid(input: {
  supplierId: string;
  supplierCode: string;
  record: Pick<TenderRecordSummary, 'id' | 'tenderNo' | 'cutoffTime' | 'bidVersion'>;
}): Promise<boolean> {
  const { record } = input;
  const version = record.bidVersion;
  if (version === null || asking.has(record.id)) return false;
  asking.add(record.id);
  try {
    const sure = await confirmDialog({
      title: i18n._(msg`撤回投标`),
      message: i18n._(
        msg`撤回后，第 ${version} 版投标文件不再有效，但会保留在记录中；已缴纳的保证金不受影响。截止时间前可重新提交投标文件。确定撤回吗？`,
      ),
      confirmLabel: i18n._(msg`撤回`),
      danger: true,
    });
    if (!sure) return false;
    await queueWithdrawBid({ ...input, version });
    announceSubmissionQueued(globalThis.navigator?.onLine ?? true);
    return true;
  } catch (error) {
    announceQueueFailure(error);
    return false;
  } finally {
    asking.delete(record.id);
  }
}
