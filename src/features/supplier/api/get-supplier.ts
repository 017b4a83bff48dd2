import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

export const supplierQueryOptions = (supplierId: string) =>
  queryOptions({
    queryKey: ['supplier', supplierId] as const,
    queryFn: ({ signal }) => request(calls.supplierGetById, {}, { params: { supplierId }, signal }),
  });
