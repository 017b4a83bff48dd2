import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

/** Provinces (no code) or the cities of one province. Regions hardly change: keep them for the visit. */
export const regionsQueryOptions = (provinceCode: string, locale: string) =>
  queryOptions({
    queryKey: ['supplier', 'regions', provinceCode, locale] as const,
    queryFn: ({ signal }) => request(calls.businessGetByProvinceCode, provinceCode ? { provinceCode } : {}, { signal }),
    staleTime: Infinity,
  });
