import { calls } from '@contract/calls';
import type { GetCheckCodeRequest } from '@contract/schemas/supplier';
import { request } from '@/api/request';

/** Sends a verification code; answers how long to wait before another may be asked for. */
export const getCheckCode = (payload: GetCheckCodeRequest) => request(calls.supplierGetCheckCode, payload, { suppressError: true });
