import { endpoints, type RequestOf } from '@contract/endpoints';
import { request } from '@/api/request';

export const updateSupplier = (payload: RequestOf<typeof endpoints.supplierUpdate>) => request(endpoints.supplierUpdate, payload, { suppressError: true });
