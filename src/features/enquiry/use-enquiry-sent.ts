import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadArea } from '@/locales/i18n';
import { onSent } from '@/offline/outbox';
import { OUTBOX_TOAST } from '@/ui/announce-queued';
import { toast } from '@/ui/toast';
import { enquiryKeys } from './api/list-enquiries';
import { isQuoteEntry } from './quote/quote-thread';

/**
 * While the platform area is open: when the sync engine (in this tab) reports a quote as sent,
 * refresh the supplier's enquiry list and details (reply status, reply prices, quote history)
 * and say so.
 */
export function useEnquirySent(supplierId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSent((entry) => {
        if (!isQuoteEntry(entry)) return;
        void queryClient.invalidateQueries({ queryKey: enquiryKeys.all(supplierId) });
        // Sent while another screen is open: the enquiry texts may not be loaded yet.
        void loadArea('enquiry').then(() => toast.success(i18n._(msg`报价已提交`), { key: OUTBOX_TOAST }));
      }),
    [queryClient, supplierId],
  );
}
