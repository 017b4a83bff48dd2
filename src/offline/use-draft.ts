import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { OwnerKey } from './db';
import { deleteDraft, loadDraft, saveDraft } from './drafts';
import { setUnsaved } from './unsaved';

export const DRAFT_SAVE_DELAY_MS = 400;

/**
 * The identity of a form's values for change detection: JSON, with a chosen file (a Blob)
 * standing as its name, size, type and date, so choosing or removing one counts as a change.
 * The draft itself stores the values by structured clone: the files' bytes go with it.
 */
const draftKeyOf = (values: unknown): string =>
  JSON.stringify(values ?? null, (_key, value: unknown) =>
    value instanceof Blob
      ? {
          file: (value as Partial<File>).name ?? '',
          size: value.size,
          type: value.type,
          modified: (value as Partial<File>).lastModified ?? 0,
        }
      : value,
  );

export interface DraftState {
  /** A stored draft was put back into the form. */
  restored: boolean;
  /** When the draft was last stored; null when there is none. */
  savedAt: number | null;
  /** Forget the draft (after the form was sent, or when the user throws it away). */
  clear(): Promise<void>;
}

/**
 * Autosaves a form: restores the stored draft once on mount, then stores the values 400 ms
 * after each change while they are not empty (by default: not what the form started with),
 * and marks the form as holding unsaved work meanwhile. `owner` null: nothing is stored.
 * Values may hold chosen files (File objects): they are kept with the draft, bytes and all.
 */
export function useDraft<T>(
  formKey: string,
  owner: OwnerKey | null,
  values: T,
  restore: (v: T) => void,
  opts?: { isEmpty?: (v: T) => boolean },
): DraftState {
  const unsavedKey = owner ? `${owner}|${formKey}` : null;
  // Both belong to one owner and form: another form (or owner) starts with neither, without an effect resetting them.
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ key: string; at: number } | null>(null);
  const restored = unsavedKey !== null && restoredFor === unsavedKey;
  const savedAt = unsavedKey !== null && saved?.key === unsavedKey ? saved.at : null;
  const serialized = draftKeyOf(values);
  const initial = useRef(serialized);
  const ready = useRef(false);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // What the effects and timers below read: the latest committed render's (a layout effect runs before them).
  const latest = useRef({ values, restore, isEmpty: opts?.isEmpty });
  const optIsEmpty = opts?.isEmpty;
  useLayoutEffect(() => {
    latest.current = { values, restore, isEmpty: optIsEmpty };
  });

  const isEmpty = useCallback((v: T) => (latest.current.isEmpty ? latest.current.isEmpty(v) : draftKeyOf(v) === initial.current), []);

  const store = useCallback(async () => {
    pending.current = null;
    if (!owner || !unsavedKey) return;
    const v = latest.current.values;
    if (isEmpty(v)) {
      setUnsaved(unsavedKey, false);
      await deleteDraft(owner, formKey);
      setSaved(null);
    } else {
      setUnsaved(unsavedKey, true);
      const at = await saveDraft(owner, formKey, v);
      setSaved({ key: unsavedKey, at });
    }
  }, [owner, formKey, unsavedKey, isEmpty]);

  // Restore once per owner and form; no save may run before, or it would overwrite the draft.
  useEffect(() => {
    ready.current = false;
    if (!owner) return;
    let cancelled = false;
    void loadDraft<T>(owner, formKey)
      .then((draft) => {
        if (cancelled) return;
        // What the user typed while the draft was being read wins over the older draft.
        if (draft && !isEmpty(draft.values) && isEmpty(latest.current.values)) {
          latest.current.restore(draft.values);
          if (unsavedKey) {
            setRestoredFor(unsavedKey);
            setSaved({ key: unsavedKey, at: draft.savedAt });
            setUnsaved(unsavedKey, true);
          }
          return true;
        }
        return false;
      })
      .catch((error: unknown) => {
        console.error('draft restore failed', error);
        return false;
      })
      .then((restoredDraft) => {
        if (cancelled) return;
        ready.current = true;
        // Typed before the draft was read: no save could run then, so store it now.
        if (!restoredDraft && !isEmpty(latest.current.values))
          void store().catch((error: unknown) => console.error('draft save failed', error));
      });
    return () => {
      cancelled = true;
    };
  }, [owner, formKey, unsavedKey, isEmpty, store]);

  useEffect(() => {
    if (!ready.current || !owner) return;
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(
      () => void store().catch((error: unknown) => console.error('draft save failed', error)),
      DRAFT_SAVE_DELAY_MS,
    );
  }, [serialized, owner, store]);

  // Leaving the screen stores what is still waiting for its debounce; the form is gone, so it holds no unsaved input.
  useEffect(
    () => () => {
      if (pending.current) {
        clearTimeout(pending.current);
        void store().catch(() => {});
      }
      if (unsavedKey) setUnsaved(unsavedKey, false);
    },
    [store, unsavedKey],
  );

  const clear = useCallback(async () => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    if (unsavedKey) setUnsaved(unsavedKey, false);
    setSaved(null);
    // What the form holds now counts as empty: it is what was sent.
    initial.current = draftKeyOf(latest.current.values);
    if (owner) await deleteDraft(owner, formKey);
  }, [owner, formKey, unsavedKey]);

  return { restored, savedAt, clear };
}
