import { z } from '../zod';
import { receipt } from './receipt';
import { LONG_TEXT_MAX, MAX_FILES_AT_ONCE } from '../limits';
import { optionalText, requiredText } from '../rules';
import { COMMUNICATION_PRIORITIES, COMMUNICATION_STATUSES } from '../communication-values';
import { fileRef, pageRequest } from './common';

export { COMMUNICATION_PRIORITIES, type CommunicationPriority, type CommunicationStatus } from '../communication-values';

const attachments = z.array(fileRef).max(MAX_FILES_AT_ONCE, { error: 'tooManyFiles' }).default([]);
const content = () => requiredText(LONG_TEXT_MAX);

export const communicationListRequest = pageRequest.extend({
  status: z.enum(COMMUNICATION_STATUSES, { error: 'choiceInvalid' }).optional(),
});
export type CommunicationListRequest = z.input<typeof communicationListRequest>;

/** One row of the communication list (SPEC.md section 3). */
export const communicationSummary = z.object({
  id: z.string(),
  questionNo: z.string(),
  topic: z.string(),
  priority: z.enum(COMMUNICATION_PRIORITIES),
  /** The tender number the thread was started from, if any. */
  sourceNo: z.string().nullable(),
  status: z.enum(COMMUNICATION_STATUSES),
  replyCount: z.number().int(),
  /** ISO 8601 with offset. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CommunicationSummary = z.infer<typeof communicationSummary>;

/** One message of a thread: the opening question is the first entry. */
export const communicationReply = z.object({
  id: z.string(),
  /** Who wrote it: the supplier's contact or the buyer's staff name. */
  sponsor: z.string(),
  side: z.enum(['supplier', 'buyer']),
  detail: z.string(),
  attachments: z.array(fileRef),
  createdAt: z.string(),
  /** The bid service's signed receipt of a supplier's message (null for the buyer's, and for one sent before receipts were issued). */
  receipt: receipt.nullable(),
});
export type CommunicationReply = z.infer<typeof communicationReply>;

export const communicationDetail = communicationSummary.extend({
  replies: z.array(communicationReply),
});
export type CommunicationDetail = z.infer<typeof communicationDetail>;

export const communicationGetByIdRequest = z.object({ id: requiredText(64) });

/** A new thread: priority, title and content are required (SPEC.md section 5). */
export const communicationSaveRequest = z.object({
  priority: z.enum(COMMUNICATION_PRIORITIES, { error: 'required' }),
  topic: requiredText(),
  content: content(),
  sourceNo: optionalText(64),
  attachments,
});

/** A reply: the reply content is required. */
export const communicationReplyRequest = z.object({
  communicationId: requiredText(64),
  detail: content(),
  attachments,
});
