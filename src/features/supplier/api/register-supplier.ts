import { endpoints, type RequestOf } from '@contract/endpoints';
import { request } from '@/api/request';

/** The form shows the answer's problems in place, so no toast. Public: no token needed. */
export const registerSupplier = (payload: RequestOf<typeof endpoints.supplierSave>) => request(endpoints.supplierSave, payload, { suppressError: true });
