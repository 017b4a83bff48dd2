import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_STATE_ID } from '@/prerender/shell-html';
import { takeServerState } from './server-state';

const NOTICE = { id: '17', title: '2026年度成型网年度招标项目', storedAt: null };
const STATE = {
  mutations: [],
  queries: [
    {
      queryKey: ['bids', 'notice', '17'],
      queryHash: '["bids","notice","17"]',
      state: { data: NOTICE, dataUpdatedAt: Date.now(), status: 'success', fetchStatus: 'idle' },
    },
  ],
};

function page(prerendered: boolean, json = JSON.stringify(STATE)) {
  document.documentElement.lang = 'zh-CN';
  document.body.innerHTML = `<div id="root" ${prerendered ? 'data-prerendered' : ''}><h1>${NOTICE.title}</h1></div><script type="application/json" id="${SERVER_STATE_ID}" data-lang="zh-CN"></script>`;
  document.getElementById(SERVER_STATE_ID)!.textContent = json;
  return document.getElementById('root');
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('takeServerState', () => {
  it("puts the reads of the server's render in the cache, fresh, so the first render shows them without asking", () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    takeServerState(client, page(true));
    expect(client.getQueryData(['bids', 'notice', '17'])).toEqual(NOTICE);
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['bids', 'notice', '17'] })
        ?.isStaleByTime(30_000),
    ).toBe(false);
    expect(document.getElementById(SERVER_STATE_ID)).toBeNull();
  });

  it('leaves them out where the language pick emptied #root (the device reads in its own language)', () => {
    const client = new QueryClient();
    takeServerState(client, page(false));
    expect(client.getQueryData(['bids', 'notice', '17'])).toBeUndefined();
    expect(document.getElementById(SERVER_STATE_ID)).toBeNull();
  });

  it("leaves them out where the pick showed the build's page in the device's language instead", () => {
    const client = new QueryClient();
    const root = page(true);
    document.documentElement.lang = 'en';
    takeServerState(client, root);
    expect(client.getQueryData(['bids', 'notice', '17'])).toBeUndefined();
  });

  it('reads nothing from a document without them, and survives unreadable ones', () => {
    const client = new QueryClient();
    document.body.innerHTML = '<div id="root" data-prerendered></div>';
    takeServerState(client, document.getElementById('root'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    takeServerState(client, page(true, '{"queries": ['));
    expect(error).toHaveBeenCalledWith('server state unreadable', expect.any(SyntaxError));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
