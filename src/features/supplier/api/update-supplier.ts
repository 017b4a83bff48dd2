import { calls } from '@contract/calls';
import type { RequestOf } from '@contract/endpoints';
import { request } from '@/api/request';

export const updateSupplier = (payload: RequestOf<'supplierUpdate'>) => request(calls.supplierUpdate, payload, { suppressError: true });
