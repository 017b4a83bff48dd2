import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { listMessages, markRead } from '../../db/message-repo';
import { listTodos } from '../../db/todo-repo';
import { route } from '../../http/route';

/**
 * The home page (SPEC.md section 2, contract/home-values.ts): the to-do list, derived from the
 * records at read time, and the message center, the events the buyer's changes wrote. Open to
 * every supplier status (the menu entry always shows); each to-do kind shows only where the
 * supplier's status opens its screen (todo-repo.ts). Only the caller's own rows are read or
 * marked, so there is nothing of another supplier's to refuse: its ids are simply not there.
 *
 * Each read is one prepared statement after the session's (the badges of every screen call the to-do
 * list), with the counts in the same statement.
 */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  // The reads run as prepared statements on the database itself (they are never part of a write).
  const { now, db: database } = app.services;

  route(app, 'home', endpoints.homeTodoList, async ({ input, session, req }) => {
    const at = now();
    const { pageNo, pageSize } = input;
    const { records, total, counts } = await listTodos(database, { supplierId: session!.supplierId, pageNo, pageSize }, at, req.locale);
    return { records, total, pageNo, pageSize, counts, serverTime: at.toISOString() };
  });

  route(app, 'home', endpoints.homeMessageList, async ({ input, session, req }) => {
    const { pageNo, pageSize, unreadOnly } = input;
    const { records, total, unread } = await listMessages(
      database,
      { supplierId: session!.supplierId, unreadOnly, pageNo, pageSize },
      req.locale,
    );
    return { records, total, pageNo, pageSize, unread };
  });

  /** Idempotent by nature: marking a read message again changes nothing (its first read time stays). */
  route(app, 'home', endpoints.homeMarkRead, async ({ input, session, db }) => {
    const unread = await markRead(db, session!.supplierId, 'all' in input ? { all: true } : { ids: input.ids }, now());
    return { unread };
  });
}
