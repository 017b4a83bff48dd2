import { calls } from '@contract/calls';
import type { ForgetPwdRequest } from '@contract/schemas/supplier';
import { request } from '@/api/request';

export const resetForgottenPassword = (payload: ForgetPwdRequest) => request(calls.supplierForgetPwd, payload, { suppressError: true });
