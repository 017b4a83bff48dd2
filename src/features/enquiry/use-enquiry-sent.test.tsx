import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '@/offline/db';
import { emitSent } from '@/offline/events';
import { toast } from '@/ui/toast';
import { useEnquirySent } from './use-enquiry-sent';

afterEach(() => vi.restoreAllMocks());

const entry = (call: OutboxEntry['call']) => ({ id: 'q1', owner: 'supplier:s1', thread: 'enquiry:e1:2', call }) as unknown as OutboxEntry;

describe('useEnquirySent', () => {
  it("refreshes the supplier's enquiry list and details when a quote went, and says so", async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const success = vi.spyOn(toast, 'success');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => useEnquirySent('s1'), { wrapper });

    emitSent(entry('enquiryQuote'), {});
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['enquiry', 's1'] });
    // Said once the enquiry texts are loaded (they are a catalog of their own).
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('报价已提交', { key: 'outbox' }));

    emitSent(entry('tenderPayDeposit'), {});
    expect(invalidate).toHaveBeenCalledTimes(1);

    unmount();
    emitSent(entry('enquiryQuote'), {});
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
