import { endpoints } from '@contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

export const supplierQueryOptions = (supplierId: string) =>
  queryOptions({
    queryKey: ['supplier', supplierId] as const,
    queryFn: ({ signal }) => request(endpoints.supplierGetById, {}, { params: { supplierId }, signal }),
  });
