import { calls } from '@contract/calls';
import { request } from '@/api/request';

/**
 * Signs up for a notice (online: the bid service judges the cut-off and the supplier's status).
 * Signing up twice answers the same record; the key makes a retried click replay the first answer.
 * Errors are shown by the button, next to it, so no toast as well.
 */
export const signUpForNotice = (noticeId: string, idempotencyKey: string) =>
  request(calls.tenderSignUp, { noticeId }, { idempotencyKey, suppressError: true });
