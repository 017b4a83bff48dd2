import { calls } from '@contract/calls';
import { request } from '@/api/request';

/** Sends a code to a phone with an approved visit; answers how long to wait before asking again. */
export const getVisitorCode = (phone: string) => request(calls.h5GetVerificationCodeByPhone, { phone }, { suppressError: true });
