import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '@/offline/db';
import { emitRefused } from '@/offline/events';
import { renderWithI18n } from '@/test/render';
import OutboxFollowers from './outbox-followers';

function Rows({ read }: { read: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: ['tenders', 'S1', 'list'], queryFn: read, staleTime: Infinity });
  return <p>{data}</p>;
}

describe('<OutboxFollowers>', () => {
  it('reads what is on view again when the bid service refuses an entry for good', async () => {
    const read = vi.fn(async () => 'rows');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithI18n(
      <QueryClientProvider client={client}>
        <OutboxFollowers supplierId="S1" />
        <Rows read={read} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(read).toHaveBeenCalledOnce());
    act(() => emitRefused({ id: 'e1', call: 'tenderSubmitBid', status: 'failed' } as OutboxEntry));
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });
});
