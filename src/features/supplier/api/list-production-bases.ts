import { endpoints } from '@contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

export const productionBasesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['supplier', 'productionBases', locale] as const,
    queryFn: ({ signal }) => request(endpoints.supplierGetProductionBaseOrg, {}, { signal }),
    staleTime: Infinity,
  });
