import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { supplierOwner, visitorOwner } from './db';
import { deleteDraft, deleteDraftsOf, loadDraft, saveDraft } from './drafts';
import { resetPortalDb } from './test-helpers';
import { hasUnsavedWork } from './unsaved';
import { DRAFT_SAVE_DELAY_MS, useDraft } from './use-draft';

const A = supplierOwner('sa');
const B = supplierOwner('sb');

afterEach(async () => {
  await resetPortalDb();
});

describe('drafts', () => {
  it('are kept per owner and form', async () => {
    await saveDraft(A, 'reply:c1', { detail: 'a' });
    await saveDraft(B, 'reply:c1', { detail: 'b' });
    expect((await loadDraft(A, 'reply:c1'))?.values).toEqual({ detail: 'a' });
    expect((await loadDraft(B, 'reply:c1'))?.values).toEqual({ detail: 'b' });
    expect(await loadDraft(A, 'reply:c2')).toBeNull();
    await deleteDraft(A, 'reply:c1');
    expect(await loadDraft(A, 'reply:c1')).toBeNull();
    await saveDraft(B, 'x', 1);
    await saveDraft(visitorOwner('139'), 'x', 2);
    await deleteDraftsOf(B);
    expect(await loadDraft(B, 'reply:c1')).toBeNull();
    expect(await loadDraft(B, 'x')).toBeNull();
    expect((await loadDraft(visitorOwner('139'), 'x'))?.values).toBe(2);
  });
});

interface Form {
  detail: string;
}

function renderForm(owner = A, initial: Form = { detail: '' }) {
  return renderHook(
    ({ values }: { values: Form }) => {
      const restoredWith: Form[] = [];
      const state = useDraft('reply:c1', owner, values, (v) => restoredWith.push(v));
      return { ...state, restoredWith };
    },
    { initialProps: { values: initial } },
  );
}

/**
 * Past the save delay, and 100 ms for the write. Only used before checking that something did NOT
 * happen (no save, no restore, nothing marked unsaved); what must happen is waited for with waitFor.
 */
const settle = () => new Promise((r) => setTimeout(r, DRAFT_SAVE_DELAY_MS + 100));

describe('useDraft', () => {
  it('saves 400 ms after a change, marks unsaved work, and restores on the next mount', async () => {
    const first = renderForm();
    await settle();
    expect(hasUnsavedWork()).toBe(false);
    first.rerender({ values: { detail: '写了一半' } });
    expect(await loadDraft(A, 'reply:c1')).toBeNull();
    await waitFor(async () => expect((await loadDraft<Form>(A, 'reply:c1'))?.values).toEqual({ detail: '写了一半' }));
    expect(hasUnsavedWork()).toBe(true);
    await waitFor(() => expect(first.result.current.savedAt).not.toBeNull());
    first.unmount();
    expect(hasUnsavedWork()).toBe(false);

    let restored: Form | null = null;
    const second = renderHook(() => useDraft<Form>('reply:c1', A, { detail: '' }, (v) => (restored = v)));
    await waitFor(() => expect(second.result.current.restored).toBe(true));
    expect(restored).toEqual({ detail: '写了一半' });
    second.unmount();
  });

  it('keeps what was typed while the draft was being read, and stores it', async () => {
    await saveDraft(A, 'reply:c1', { detail: '旧草稿' });
    let restored: Form | null = null;
    const hook = renderHook(({ values }: { values: Form }) => useDraft<Form>('reply:c1', A, values, (v) => (restored = v)), {
      initialProps: { values: { detail: '' } },
    });
    // Typed at once, before IndexedDB answered.
    hook.rerender({ values: { detail: '刚输入的内容' } });
    await waitFor(async () => expect((await loadDraft<Form>(A, 'reply:c1'))?.values).toEqual({ detail: '刚输入的内容' }));
    expect(restored).toBeNull();
    expect(hook.result.current.restored).toBe(false);
    hook.unmount();
  });

  it("never offers one owner's draft to another", async () => {
    await saveDraft(A, 'reply:c1', { detail: 'A 的草稿' });
    let restored = false;
    const hook = renderHook(() => useDraft<Form>('reply:c1', B, { detail: '' }, () => (restored = true)));
    await settle();
    expect(restored).toBe(false);
    expect(hook.result.current.restored).toBe(false);
  });

  it('back to empty deletes the draft; clear() forgets it', async () => {
    const hook = renderForm();
    await settle();
    hook.rerender({ values: { detail: 'x' } });
    await waitFor(async () => expect(await loadDraft(A, 'reply:c1')).not.toBeNull());
    hook.rerender({ values: { detail: '' } });
    await waitFor(async () => expect(await loadDraft(A, 'reply:c1')).toBeNull());
    expect(hasUnsavedWork()).toBe(false);

    hook.rerender({ values: { detail: 'sent text' } });
    await waitFor(async () => expect(await loadDraft(A, 'reply:c1')).not.toBeNull());
    await act(() => hook.result.current.clear());
    expect(await loadDraft(A, 'reply:c1')).toBeNull();
    expect(hasUnsavedWork()).toBe(false);
    expect(hook.result.current.savedAt).toBeNull();
  });

  it('a restored draft and its time belong to their form: another form starts without them', async () => {
    await saveDraft(A, 'reply:c1', { detail: '旧草稿' });
    const hook = renderHook(({ formKey }: { formKey: string }) => useDraft<Form>(formKey, A, { detail: '' }, () => {}), {
      initialProps: { formKey: 'reply:c1' },
    });
    await waitFor(() => expect(hook.result.current.restored).toBe(true));
    expect(hook.result.current.savedAt).not.toBeNull();
    hook.rerender({ formKey: 'reply:c2' });
    expect(hook.result.current.restored).toBe(false);
    expect(hook.result.current.savedAt).toBeNull();
    await settle();
    expect(hook.result.current.restored).toBe(false);
    hook.unmount();
  });

  it('with no owner, stores nothing', async () => {
    const hook = renderHook(({ values }) => useDraft<Form>('reply:c1', null, values, () => {}), {
      initialProps: { values: { detail: '' } },
    });
    hook.rerender({ values: { detail: 'x' } });
    await settle();
    expect(await loadDraft(A, 'reply:c1')).toBeNull();
    expect(hasUnsavedWork()).toBe(false);
  });
});
