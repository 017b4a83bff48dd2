import { calls } from '@contract/calls';
import type { RequestOf } from '@contract/endpoints';
import { request } from '@/api/request';

/** The form shows the answer's problems in place, so no toast. Public: no token needed. */
export const registerSupplier = (payload: RequestOf<'supplierSave'>) => request(calls.supplierSave, payload, { suppressError: true });
