import { calls } from '@contract/calls';
import type { ChangePwdRequest } from '@contract/schemas/supplier';
import { request } from '@/api/request';

export const changePassword = (payload: ChangePwdRequest) => request(calls.supplierChangePwd, payload, { suppressError: true });
