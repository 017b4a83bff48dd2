import { calls } from '@contract/calls';
import type { Option } from '@contract/schemas/common';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';
import { kvGet, kvSet } from '@/offline/db';

export type VisitorDictionary = 'gender' | 'certificateType' | 'mealType';
const VISITOR_DICTIONARIES: VisitorDictionary[] = ['gender', 'certificateType', 'mealType'];

const kvKey = (type: VisitorDictionary, locale: string) => `visitor-dictionary:${type}:${locale}`;

async function fetchAndKeep(type: VisitorDictionary, locale: string, signal?: AbortSignal): Promise<Option[]> {
  // Silent: at a gate without signal the stored copy stands in, no "network abnormal" alert.
  const options = await request(calls.commonGetSelectCodeCommonData, { type }, { signal, background: true, suppressError: true });
  await kvSet(kvKey(type, locale), options).catch(() => undefined);
  return options;
}

/**
 * The visitor form's dictionaries, kept on the device: the form is filled at the gate, often
 * offline, by someone who fetched the pass online before. The stored copy answers at once;
 * the network refreshes it for next time.
 */
export const visitorDictionaryQueryOptions = (type: VisitorDictionary, locale: string) =>
  queryOptions({
    queryKey: ['visitor', 'dictionary', type, locale] as const,
    queryFn: async ({ signal }) => {
      const stored = await kvGet<Option[]>(kvKey(type, locale)).catch(() => undefined);
      if (stored?.length) {
        void fetchAndKeep(type, locale).catch(() => undefined);
        return stored;
      }
      return fetchAndKeep(type, locale, signal);
    },
    staleTime: Infinity,
    retry: false,
    meta: { persist: false },
  });

/** Fetches the three dictionaries into the device store (when the pass is fetched, i.e. online). */
export async function keepVisitorDictionaries(locale: string): Promise<void> {
  await Promise.all(VISITOR_DICTIONARIES.map((type) => fetchAndKeep(type, locale).catch(() => undefined)));
}
