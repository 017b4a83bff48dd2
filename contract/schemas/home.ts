import { z } from '../zod';
import { MARK_READ_MAX, MESSAGE_KINDS, TODO_KINDS } from '../home-values';
import { requiredText } from '../rules';
import { page, pageRequest } from './common';

export * from '../home-values';

/**
 * The home page's three calls. Columns follow SPEC.md section 2: bidding number (`number`),
 * bid deadline (`deadline`), bidding name (`name`), content (the portal's text for `kind`, with
 * `note`) and creation time (`createdAt`).
 */

/** A to-do: ordered by deadline (none last), then newest first. */
const todoItem = z.object({
  kind: z.enum(TODO_KINDS),
  /** The record the work is done on: tender record, enquiry, thread or visit application id. */
  refId: z.string(),
  /** Tender no, enquiry no, question no or visit no. */
  number: z.string(),
  /** ISO time the work must be done by, or null when there is none. */
  deadline: z.string().nullable(),
  /** Tender title, enquiry theme, thread topic or the visit's production base. */
  name: z.string(),
  /** The round number of a quote, the buyer's reason of a returned visit; else empty. */
  note: z.string(),
  createdAt: z.string(),
});
export type TodoItem = z.infer<typeof todoItem>;

export const todoListRequest = pageRequest.pick({ pageNo: true, pageSize: true });
export type TodoListRequest = z.input<typeof todoListRequest>;

/** To-dos per menu entry, for the badges, and the unread messages (the page title). */
const homeCounts = z.object({
  tenders: z.number().int(),
  enquiries: z.number().int(),
  communication: z.number().int(),
  visits: z.number().int(),
  unreadMessages: z.number().int(),
});
export type HomeCounts = z.infer<typeof homeCounts>;

export const todoPage = page(todoItem).extend({ counts: homeCounts, serverTime: z.string() });
export type TodoPage = z.infer<typeof todoPage>;

/** A message: newest first. */
const homeMessage = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  refId: z.string(),
  number: z.string(),
  /** The bid deadline of the record when it has one (tender cut-off, round deadline), else null. */
  deadline: z.string().nullable(),
  name: z.string(),
  /** `won`/`lost` for a result, the round number, the buyer's reason; else empty. */
  note: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type HomeMessage = z.infer<typeof homeMessage>;

export const messageListRequest = pageRequest.pick({ pageNo: true, pageSize: true }).extend({
  unreadOnly: z.boolean({ error: 'choiceInvalid' }).default(false),
});
export type MessageListRequest = z.input<typeof messageListRequest>;

export const messagePage = page(homeMessage).extend({ unread: z.number().int() });
export type MessagePage = z.infer<typeof messagePage>;

/** Marks the named messages read, or all of them; only the supplier's own, others are ignored. */
export const markReadRequest = z.union(
  [
    z
      .object({
        ids: z
          .array(requiredText(64, 'paramsLost'), { error: 'chooseRecordFirst' })
          .min(1, { error: 'chooseRecordFirst' })
          .max(MARK_READ_MAX, { error: 'choiceInvalid' }),
      })
      .strict(),
    z.object({ all: z.literal(true, { error: 'choiceInvalid' }) }).strict(),
  ],
  { error: 'chooseRecordFirst' },
);
export type MarkReadRequest = z.input<typeof markReadRequest>;
export const markReadResponse = z.object({ unread: z.number().int() });
