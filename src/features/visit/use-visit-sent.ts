import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadArea } from '@/locales/i18n';
import { onSent } from '@/offline/outbox';
import { OUTBOX_TOAST } from '@/ui/announce-queued';
import { toast } from '@/ui/toast';
import { isVisitEntry } from './api/queue-visit-application';
import { visitKeys } from './api/list-visit-applications';

/**
 * While the platform area is open: when the sync engine (in this tab) reports an application as
 * sent, refresh the supplier's visit applications and say so.
 */
export function useVisitSent(supplierId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSent((entry) => {
        if (!isVisitEntry(entry)) return;
        void queryClient.invalidateQueries({ queryKey: visitKeys.all(supplierId) });
        // Sent while another screen is open: the visit texts may not be loaded yet.
        void loadArea('visit').then(() => toast.success(i18n._(msg`参观申请已提交`), { key: OUTBOX_TOAST }));
      }),
    [queryClient, supplierId],
  );
}
