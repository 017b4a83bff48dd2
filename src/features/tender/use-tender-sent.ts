import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadArea } from '@/locales/i18n';
import { onSent } from '@/offline/outbox';
import { OUTBOX_TOAST } from '@/ui/announce-queued';
import { toast } from '@/ui/toast';
import { tenderKeys } from './api/list-tender-records';
import { isTenderOutboxCall, type TenderOutboxCall } from './tender-thread';

const SENT = {
  tenderPayDeposit: msg`保证金信息已提交`,
  tenderSubmitBid: msg`投标文件已提交`,
  tenderReplaceBid: msg`投标文件已替换`,
  tenderWithdrawBid: msg`投标已撤回`,
  tenderApplyRefund: msg`退还保证金申请已提交`,
} satisfies Record<TenderOutboxCall, unknown>;

/**
 * While the platform area is open: when the sync engine (in this tab) reports a deposit, bid
 * or refund as sent, refresh the supplier's records and details and say so.
 */
export function useTenderSent(supplierId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSent((entry) => {
        if (!isTenderOutboxCall(entry.call)) return;
        void queryClient.invalidateQueries({ queryKey: tenderKeys.all(supplierId) });
        // Sent while another screen is open: the tender texts may not be loaded yet.
        const text = SENT[entry.call];
        void loadArea('tender').then(() => toast.success(i18n._(text), { key: OUTBOX_TOAST }));
      }),
    [queryClient, supplierId],
  );
}
