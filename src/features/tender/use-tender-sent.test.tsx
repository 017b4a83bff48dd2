import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '@/offline/db';
import { emitSent } from '@/offline/events';
import { toast } from '@/ui/toast';
import { useTenderSent } from './use-tender-sent';

afterEach(() => vi.restoreAllMocks());

const entry = (call: OutboxEntry['call']) => ({ id: 'e1', owner: 'supplier:s1', thread: 'tender:t1', call }) as unknown as OutboxEntry;

describe('useTenderSent', () => {
  it("refreshes the supplier's tender queries and says which submission went", async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const success = vi.spyOn(toast, 'success');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => useTenderSent('s1'), { wrapper });

    emitSent(entry('tenderApplyRefund'), {});
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['tender', 's1'] });
    // Said once the tender texts are loaded (they are a catalog of their own).
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('退还保证金申请已提交', { key: 'outbox' }));

    emitSent(entry('communicationReply'), {});
    expect(invalidate).toHaveBeenCalledTimes(1);

    unmount();
    emitSent(entry('tenderPayDeposit'), {});
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
