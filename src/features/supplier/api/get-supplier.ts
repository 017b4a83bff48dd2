import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

/** The screen shows its own failed state, or the answer stored on the device (src/app/query-persist.ts). */
export const supplierQueryOptions = (supplierId: string) =>
  queryOptions({
    queryKey: ['supplier', supplierId] as const,
    queryFn: ({ signal }) => request(calls.supplierGetById, {}, { params: { supplierId }, signal, suppressError: true }),
  });
