import { endpoints } from '@contract/endpoints';
import type { ChangePwdRequest } from '@contract/schemas/supplier';
import { request } from '@/api/request';

export const changePassword = (payload: ChangePwdRequest) => request(endpoints.supplierChangePwd, payload, { suppressError: true });
