import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onSent } from '@/offline/outbox';
import { OUTBOX_TOAST } from '@/ui/announce-queued';
import { toast } from '@/ui/toast';
import { communicationKeys } from './api/list-communications';

/**
 * While the platform area is open: when the sync engine (in this tab) reports a queued
 * reply or new thread as sent, refresh the lists and threads and say so.
 */
export function useCommunicationSent(supplierId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSent((entry) => {
        if (entry.call !== 'communicationReply' && entry.call !== 'communicationSave') return;
        void queryClient.invalidateQueries({ queryKey: communicationKeys.all(supplierId) });
        toast.success(i18n._(msg`发送成功`), { key: OUTBOX_TOAST });
      }),
    [queryClient, supplierId],
  );
}
