import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { kvSet, supplierOwner, visitorOwner } from './db';
import { setSyncState } from './events';
import { discard, enqueue, type EnqueueInput } from './outbox';
import { patchEntry } from './outbox-store';
import { logIn, logOut, resetPortalDb, useNodeBlobs } from './test-helpers';
import { currentOwners, entriesOfThread, useConnectivity, useOutbox, useThreadOutbox, VISITOR_PASSES_KEY } from './use-outbox';

const entry = (owner: EnqueueInput['owner'], summary: string, over: Partial<EnqueueInput> = {}): EnqueueInput => ({
  owner,
  thread: 't',
  call: 'communicationReply',
  payload: {},
  summary,
  ...over,
});

afterEach(async () => {
  await kvSet(VISITOR_PASSES_KEY, {});
  await resetPortalDb();
});

describe('useOutbox', () => {
  it("shows the logged-in supplier's and this device's visitors' entries, live, and never another supplier's", async () => {
    logIn('sa');
    await kvSet(VISITOR_PASSES_KEY, { '13900000001': { pass: 'v1.a.b' } });
    await enqueue(entry(supplierOwner('sb'), 'B 的回复'));
    const mine = await enqueue(entry(supplierOwner('sa'), 'A 的回复'));
    await enqueue(entry(visitorOwner('13900000001'), '访客信息', { call: 'h5SavePersonnelEntity' }));
    const hook = renderHook(() => useOutbox());
    await waitFor(() => expect(hook.result.current.entries.map((e) => e.summary)).toEqual(['A 的回复', '访客信息']));
    expect(hook.result.current.waitingCount).toBe(2);
    expect(currentOwners()).toEqual([supplierOwner('sa'), visitorOwner('13900000001')]);

    await act(() => discard(mine.id));
    await waitFor(() => expect(hook.result.current.waitingCount).toBe(1));
    hook.unmount();
  });

  it('counts what waits apart from what the bid service refused (it will never go by waiting)', async () => {
    logIn('sa');
    const refused = await enqueue(entry(supplierOwner('sa'), '金额不符的保证金', { call: 'tenderPayDeposit' }));
    await enqueue(entry(supplierOwner('sa'), '回复'));
    await patchEntry(refused.id, (e) => ({
      ...e,
      status: 'failed',
      lastError: { code: 'E400', message: '保证金金额须与招标公告要求的金额一致' },
    }));
    const hook = renderHook(() => useOutbox());
    await waitFor(() => expect(hook.result.current.loaded).toBe(true));
    expect([hook.result.current.waitingCount, hook.result.current.attentionCount]).toEqual([1, 1]);
    hook.unmount();
  });

  it('lists the uploads of entries with files', async () => {
    useNodeBlobs();
    const withFile = await enqueue(
      entry(supplierOwner('sa'), 'f', { files: [{ field: 'attachments', files: [new File(['abc'], 'a.pdf')] }] }),
    );
    const hook = renderHook(() => useOutbox([supplierOwner('sa')]));
    await waitFor(() => expect(hook.result.current.uploads[withFile.id]?.map((u) => [u.name, u.size])).toEqual([['a.pdf', 3]]));
  });

  it("useThreadOutbox / entriesOfThread: one thread's entries with their uploads, for a record row", async () => {
    useNodeBlobs();
    const owner = supplierOwner('sa');
    const bid = await enqueue(
      entry(owner, '投标', {
        thread: 'tender:r1',
        call: 'tenderSubmitBid',
        deadline: 42,
        files: [{ field: 'bidDocuments', files: [new File(['x'], 'b.pdf')] }],
      }),
    );
    await enqueue(entry(owner, '其他', { thread: 'tender:r2', call: 'tenderPayDeposit' }));
    const hook = renderHook(() => useThreadOutbox('tender:r1', [owner]));
    await waitFor(() => expect(hook.result.current.loaded).toBe(true));
    expect(hook.result.current.entries.map((e) => [e.summary, e.deadline])).toEqual([['投标', 42]]);
    expect(Object.keys(hook.result.current.uploads)).toEqual([bid.id]);
    expect(entriesOfThread({ entries: [], uploads: {} }, 'tender:r1')).toEqual({ entries: [], uploads: {} });
    hook.unmount();
  });

  it('currentOwners without a session holds only visitors', async () => {
    logOut();
    expect(currentOwners().filter((o) => o.startsWith('supplier:'))).toEqual([]);
  });
});

describe('useConnectivity', () => {
  it('follows the online flag and the sync state', async () => {
    const hook = renderHook(() => useConnectivity());
    expect(hook.result.current).toEqual({ online: true, syncing: false, progress: null });
    act(() => setSyncState({ syncing: true, progress: { done: 1, total: 3 } }));
    expect(hook.result.current).toMatchObject({ syncing: true, progress: { done: 1, total: 3 } });
    act(() => setSyncState({ syncing: false, progress: null }));
    expect(hook.result.current.syncing).toBe(false);
  });
});
