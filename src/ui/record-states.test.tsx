import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { renderWithI18n } from '@/test/render';
import { RecordStates } from './record-states';

const gone = new ApiError('business', '数据不存在', { code: 'E404' });
const offline = new ApiError('network', 'offline');

function RecordScreen({ read }: { read: () => Promise<{ title: string }> }) {
  return (
    <RecordStates
      query={useQuery({ queryKey: ['record'], queryFn: read, retry: false })}
      frame={(content) => (
        <>
          <h1>记录详情</h1>
          {content}
        </>
      )}
      isMissing={(error) => error === gone}
      missing={{ description: '该记录不存在，或不属于当前账号。' }}
      failedTitle="记录加载失败"
      afterFailure={<p>本设备上待发送的回复</p>}
    >
      {(record, staleNote) => (
        <>
          <h1>{record.title}</h1>
          {staleNote}
        </>
      )}
    </RecordStates>
  );
}

function renderRecord(read: () => Promise<{ title: string }>, client = new QueryClient()) {
  renderWithI18n(
    <QueryClientProvider client={client}>
      <RecordScreen read={read} />
    </QueryClientProvider>,
  );
  return client;
}

describe('RecordStates: the states every detail screen shares', () => {
  it('loading: the page frame and a spinner, announced', () => {
    renderRecord(() => new Promise(() => undefined));
    expect(screen.getByRole('heading', { name: '记录详情' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('加载中');
  });

  it("not found: the service's words and why, no retry, nothing kept on the device shown", async () => {
    renderRecord(() => Promise.reject(gone));
    expect(await screen.findByText('数据不存在')).toBeTruthy();
    expect(screen.getByText('该记录不存在，或不属于当前账号。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.queryByText('本设备上待发送的回复')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('failed with nothing on the device: an alert with the reason, a retry that loads it, and what the device holds', async () => {
    let answer: Promise<{ title: string }> = Promise.reject(offline);
    renderRecord(() => answer);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('记录加载失败');
    expect(alert.textContent).toContain('网络连接异常，请稍后重试。');
    expect(screen.getByText('本设备上待发送的回复')).toBeTruthy();
    answer = Promise.resolve({ title: '五层瓦楞纸箱' });
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '五层瓦楞纸箱' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a record kept on the device whose refresh failed: the record, with a note under its header and a retry', async () => {
    const client = new QueryClient();
    client.setQueryData(['record'], { title: '五层瓦楞纸箱' });
    await client.invalidateQueries({ queryKey: ['record'] });
    renderRecord(() => Promise.reject(offline), client);
    const note = await screen.findByText(/无法刷新/);
    expect(screen.getByRole('heading', { name: '五层瓦楞纸箱' })).toBeTruthy();
    // The note follows the record's own header.
    expect(
      screen.getByRole('heading', { name: '五层瓦楞纸箱' }).compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '记录详情' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: '重试' })).toBeTruthy());
  });
});
