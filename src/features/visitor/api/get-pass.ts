import { calls } from '@contract/calls';
import { request } from '@/api/request';

/** Exchanges phone and code for the signed pass (the QR content) with who, where and when. */
export const getVisitPass = (phone: string, code: string) =>
  request(calls.h5GetQrByPhoneAndVerificationCode, { phone, code }, { suppressError: true });
