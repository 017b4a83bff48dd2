import { calls } from '@contract/calls';
import type { DICTIONARY_TYPES } from '@contract/schemas/common';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

/** Labels come in the request language, so the language is part of the key. */
export const dictionaryQueryOptions = (type: (typeof DICTIONARY_TYPES)[number], locale: string) =>
  queryOptions({
    queryKey: ['dictionary', type, locale] as const,
    queryFn: ({ signal }) => request(calls.commonGetSelectCodeCommonData, { type }, { signal, suppressError: true }),
    staleTime: Infinity,
  });
