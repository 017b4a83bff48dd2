import { endpoints } from '@contract/endpoints';
import type { ForgetPwdRequest } from '@contract/schemas/supplier';
import { request } from '@/api/request';

export const resetForgottenPassword = (payload: ForgetPwdRequest) => request(endpoints.supplierForgetPwd, payload, { suppressError: true });
