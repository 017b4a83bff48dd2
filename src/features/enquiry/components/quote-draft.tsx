import { Trans } from '@lingui/react/macro';
import { useCallback, useImperativeHandle, type RefObject } from 'react';
import { supplierOwner } from '@/offline/db';
import { useDraft, type DraftState } from '@/offline/use-draft';
import { useQuoteValues, type QuoteStore } from '../quote/quote-store';
import { quoteDraftKey, type QuoteValues } from '../quote/quote-values';

interface QuoteDraftProps {
  store: QuoteStore;
  supplierId: string;
  enquiryId: string;
  round: number;
  /** Where the form starts: a draft's lines the enquiry no longer has are dropped, new ones start here. */
  initial: QuoteValues;
  /** The form clears the draft through it once the quote is queued. */
  handle: RefObject<DraftState | null>;
}

/**
 * Autosaves the quote on the device, per supplier, enquiry and round (useDraft: restored only
 * into a form nobody typed in yet, so it never overwrites typing). Its own component: it reads
 * every value, so it re-renders per keystroke and the form around it does not.
 */
export function QuoteDraft({ store, supplierId, enquiryId, round, initial, handle }: QuoteDraftProps) {
  const values = useQuoteValues(store);
  const restore = useCallback(
    (draft: QuoteValues) => {
      const prices = { ...initial.prices };
      for (const id of Object.keys(prices)) if (typeof draft.prices?.[id] === 'string') prices[id] = draft.prices[id];
      store.replace({ ...initial, ...draft, prices });
    },
    [store, initial],
  );
  const draft = useDraft(quoteDraftKey(enquiryId, round), supplierId ? supplierOwner(supplierId) : null, values, restore);
  useImperativeHandle(handle, () => draft, [draft]);
  if (!draft.savedAt) return null;
  return (
    <p className="text-xs text-slate-500" role="status">
      {draft.restored ? <Trans>已恢复本设备上保存的草稿（不含询价函文件）</Trans> : <Trans>草稿已自动保存在本设备（不含询价函文件）</Trans>}
    </p>
  );
}
