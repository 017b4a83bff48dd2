import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

export const productionBasesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['supplier', 'productionBases', locale] as const,
    queryFn: ({ signal }) => request(calls.supplierGetProductionBaseOrg, {}, { signal }),
    staleTime: Infinity,
  });
