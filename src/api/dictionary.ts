import { calls } from '@contract/calls';
import type { DICTIONARY_TYPES } from '@contract/schemas/common';
import { queryOptions } from '@tanstack/react-query';
import { request } from './request';

/**
 * A dictionary (codes with labels in the request language, so the language is part of the key).
 * Shared reference data: every feature that shows or picks a code reads the same cached answer.
 */
export const dictionaryQueryOptions = (type: (typeof DICTIONARY_TYPES)[number], locale: string) =>
  queryOptions({
    queryKey: ['dictionary', type, locale] as const,
    queryFn: ({ signal }) => request(calls.commonGetSelectCodeCommonData, { type }, { signal, suppressError: true }),
    staleTime: Infinity,
  });
