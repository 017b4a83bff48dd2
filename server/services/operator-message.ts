import { z } from 'zod';
import { messagesOf } from '../db/message-repo';
import { findSupplierByHandle } from '../db/supplier-repo';
import { OperatorError, type OperatorContext } from './operator-errors';

/** What a supplier's message center holds (cli.ts `list-messages`): to check what an action told it. */
export const messageInputs = {
  listMessages: z.object({
    supplier: z.string().trim().min(1).max(64),
    limit: z.coerce.number().int().min(1).max(10_000).default(100),
  }),
};

/** A supplier's messages, newest first, with when each was read (null: unread). */
export async function listMessagesAction(ctx: OperatorContext, raw: unknown) {
  const input = messageInputs.listMessages.parse(raw);
  const found = await findSupplierByHandle(ctx.db, input.supplier);
  if (!found) throw new OperatorError(`no supplier with username or code "${input.supplier}"`);
  return messagesOf(ctx.db, found.supplier.supplierId, input.limit);
}
