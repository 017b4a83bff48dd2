import type { Locale } from '@contract/locales';
import { message } from '@/locales/wire';
import type { TenderRecordSummary } from '@contract/schemas/tender';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from '@/ui/toast';
import { actionReasons, type ActionContext } from './action-states';
import { isRecordMissing, tenderRecordQueryOptions } from './api/get-tender-record';
import type { Operation } from './components/record-dialogs';
import type { ResolvedTenderSearch } from './tender-search';

interface UrlOperationInput {
  supplierId: string;
  search: ResolvedTenderSearch;
  /** The records of the page on screen, once loaded. */
  pageRecords: TenderRecordSummary[] | undefined;
  /** Closed actions and their reasons for a record (the bid service's clock, the outbox). */
  contextOf: (record: TenderRecordSummary) => ActionContext;
  /** Rewrites the URL in place (no history entry). */
  replaceSearch: (next: ResolvedTenderSearch) => void;
}

/**
 * What `tenderId` and `action` in the URL point at. The record is read from the bid service
 * (also when it is on another page), so an id that is not this supplier's (E404) is told as
 * data lost; an action without a record asks to choose one; an action that does not apply is
 * told with its reason instead of opening. Each is said once and dropped from the URL.
 */
export function useUrlOperation({ supplierId, search, pageRecords, contextOf, replaceSearch }: UrlOperationInput) {
  const { i18n } = useLingui();
  const { tenderId, action, mend } = search;
  const detail = useQuery({ ...tenderRecordQueryOptions(supplierId, tenderId), enabled: tenderId !== '' });
  const onPage = tenderId ? pageRecords?.find((record) => record.id === tenderId) : undefined;
  const record: TenderRecordSummary | null = detail.data ?? onPage ?? null;
  const missing = tenderId !== '' && detail.isError && isRecordMissing(detail.error);
  const intent = tenderId && action ? `${tenderId}|${action}|${mend}` : '';
  // The verdict on the intent, reached once, when its record is found (adjusting state during
  // render, not in an effect): after the supplier's own submit the record is waiting, and the
  // dialog must close by itself rather than be told it is no longer open. Dropped with the
  // intent, so the same intent coming back (history) is checked again.
  const [verdict, setVerdict] = useState<{ intent: string; reason: string | null } | null>(null);
  if (intent && record && action && verdict?.intent !== intent) {
    // Mending the record's refused write: that write is what "waits" on the record, and it is the one opened.
    const context = mend ? { ...contextOf(record), waiting: false } : contextOf(record);
    setVerdict({ intent, reason: actionReasons(record, context)[action] ?? null });
  } else if (!intent && verdict) {
    setVerdict(null);
  }

  const say = useEffectEvent((key: 'chooseRecordFirst' | 'dataLost') => {
    const text = message(key, i18n.locale as Locale);
    if (key === 'dataLost') toast.error(text);
    else toast.warning(text);
    replaceSearch(key === 'dataLost' ? { ...search, tenderId: '', action: '', mend: '' } : { ...search, action: '', mend: '' });
  });
  const refuse = useEffectEvent((reason: string) => {
    toast.warning(reason);
    replaceSearch({ ...search, action: '', mend: '' });
  });

  useEffect(() => {
    if (action && !tenderId) say('chooseRecordFirst');
  }, [action, tenderId]);

  useEffect(() => {
    if (missing) say('dataLost');
  }, [missing]);

  // Said once per verdict.
  useEffect(() => {
    if (verdict?.reason) refuse(verdict.reason);
  }, [verdict]);

  const operation: Operation | null =
    intent && verdict?.intent === intent && verdict.reason === null && record && action
      ? { action, record, ...(mend ? { mend } : {}) }
      : null;
  return {
    /** The marked record (from the bid service, or the page while that answers), or null. */
    record,
    onPage: Boolean(onPage),
    /** The record's own clock offset when it came from the bid service. */
    clockOffset: detail.data?.clockOffset,
    operation,
  };
}
