import { calls } from '@contract/calls';
import type { DICTIONARY_TYPES } from '@contract/schemas/common';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

/**
 * A dictionary (codes with labels in the request language). The key matches the other
 * features' dictionary queries on purpose, so one answer serves them all.
 */
export const dictionaryQueryOptions = (type: (typeof DICTIONARY_TYPES)[number], locale: string) =>
  queryOptions({
    queryKey: ['dictionary', type, locale] as const,
    queryFn: ({ signal }) => request(calls.commonGetSelectCodeCommonData, { type }, { signal, suppressError: true }),
    staleTime: Infinity,
  });
