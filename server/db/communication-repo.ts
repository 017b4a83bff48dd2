import type {
  CommunicationDetail,
  CommunicationPriority,
  CommunicationReply,
  CommunicationStatus,
  CommunicationSummary,
} from '../../contract/schemas/communication';
import type { FileRef } from '../../contract/schemas/common';
import { monthIn } from '../../contract/time-zone';
import type { Queryable } from './db';
import { receiptsOf } from './receipt-repo';
import { messageThreadReplied } from './message-repo';

interface ThreadRow {
  id: string;
  question_no: string;
  supplier_id: string;
  topic: string;
  priority: CommunicationPriority;
  source_no: string | null;
  status: CommunicationStatus;
  reply_count: number;
  created_at: Date;
  updated_at: Date;
}

interface ReplyRow {
  id: string;
  side: 'supplier' | 'buyer';
  sponsor: string;
  detail: string;
  attachments: FileRef[];
  created_at: Date;
}

const THREAD_COLUMNS =
  'id::text AS id, question_no, supplier_id::text AS supplier_id, topic, priority, source_no, status, reply_count, created_at, updated_at';
const REPLY_COLUMNS = 'id::text AS id, side, sponsor, detail, attachments, created_at';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Thread extends CommunicationSummary {
  supplierId: string;
}

const toThread = (r: ThreadRow): Thread => ({
  id: r.id,
  questionNo: r.question_no,
  supplierId: r.supplier_id,
  topic: r.topic,
  priority: r.priority,
  sourceNo: r.source_no,
  status: r.status,
  replyCount: r.reply_count,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const toReply = (r: ReplyRow): CommunicationReply => ({
  id: r.id,
  sponsor: r.sponsor,
  side: r.side,
  detail: r.detail,
  attachments: r.attachments,
  createdAt: new Date(r.created_at).toISOString(),
  receipt: null,
});

export const summaryOf = ({ supplierId: _owner, ...summary }: Thread): CommunicationSummary => summary;

/** `%` and `_` in a search term are taken literally. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listThreads(
  db: Queryable,
  q: { supplierId: string; status?: CommunicationStatus; search?: string; pageNo: number; pageSize: number },
): Promise<{ records: CommunicationSummary[]; total: number }> {
  const where = `supplier_id = $1 AND ($2::text IS NULL OR status = $2)
    AND ($3::text IS NULL OR lower(question_no) LIKE $3 OR lower(topic) LIKE $3 OR lower(coalesce(source_no, '')) LIKE $3)`;
  const params = [q.supplierId, q.status ?? null, q.search ? likePattern(q.search) : null];
  const [rows, totals] = await Promise.all([
    db.query<ThreadRow>(
      `SELECT ${THREAD_COLUMNS} FROM communications WHERE ${where} ORDER BY updated_at DESC, id DESC LIMIT $4 OFFSET $5`,
      [...params, q.pageSize, (q.pageNo - 1) * q.pageSize],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM communications WHERE ${where}`, params),
  ]);
  return { records: rows.map((r) => summaryOf(toThread(r))), total: totals[0]?.n ?? 0 };
}

/** By id; `lock` holds the row until the transaction ends (one reply at a time per thread). */
export async function findThread(db: Queryable, id: string, lock = false): Promise<Thread | null> {
  if (!UUID_RE.test(id)) return null;
  const rows = await db.query<ThreadRow>(`SELECT ${THREAD_COLUMNS} FROM communications WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? toThread(rows[0]) : null;
}

/** By id or question number: how an operator names a thread. */
export async function findThreadByHandle(db: Queryable, handle: string): Promise<Thread | null> {
  const byNo = await db.query<ThreadRow>(`SELECT ${THREAD_COLUMNS} FROM communications WHERE question_no = upper($1)`, [handle]);
  return byNo[0] ? toThread(byNo[0]) : findThread(db, handle);
}

export async function listThreadsOf(db: Queryable, supplierId: string | null): Promise<Thread[]> {
  const rows = await db.query<ThreadRow>(
    `SELECT ${THREAD_COLUMNS} FROM communications WHERE $1::uuid IS NULL OR supplier_id = $1 ORDER BY created_at, question_no`,
    [supplierId],
  );
  return rows.map(toThread);
}

/** A thread's messages, oldest first, each of the supplier's with its receipt. */
export async function repliesOf(db: Queryable, threadId: string): Promise<CommunicationReply[]> {
  const rows = await db.query<ReplyRow>(`SELECT ${REPLY_COLUMNS} FROM communication_replies WHERE communication_id = $1 ORDER BY seq`, [
    threadId,
  ]);
  const receipts = new Map((await receiptsOf(db, threadId)).map((r) => [r.partId, r.receipt]));
  return rows.map((r) => ({ ...toReply(r), receipt: receipts.get(r.id) ?? null }));
}

export async function threadDetail(db: Queryable, thread: Thread): Promise<CommunicationDetail> {
  return { ...summaryOf(thread), replies: await repliesOf(db, thread.id) };
}

export interface NewThread {
  supplierId: string;
  topic: string;
  priority: CommunicationPriority;
  sourceNo: string | null;
  sponsor: string;
  content: string;
  attachments: FileRef[];
}

/** A thread with its opening question (`openingId`: the question's id), waiting for the buyer. */
export async function insertThread(db: Queryable, t: NewThread, now: Date, buyerZone: string): Promise<Thread & { openingId: string }> {
  const month = monthIn(now, buyerZone);
  const rows = await db.query<ThreadRow>(
    `INSERT INTO communications (question_no, supplier_id, topic, priority, source_no, status, reply_count, created_at, updated_at)
     VALUES ('GT' || $1 || lpad(nextval('communication_no_seq')::text, 4, '0'), $2, $3, $4, $5, 'awaitingBuyer', 0, $6, $6)
     RETURNING ${THREAD_COLUMNS}`,
    [month, t.supplierId, t.topic, t.priority, t.sourceNo, now],
  );
  const thread = toThread(rows[0]!);
  const opening = await db.query<{ id: string }>(
    'INSERT INTO communication_replies (communication_id, side, sponsor, detail, attachments, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id',
    [thread.id, 'supplier', t.sponsor, t.content, JSON.stringify(t.attachments), now],
  );
  return { ...thread, openingId: opening[0]!.id };
}

/** Adds a reply and moves the thread to `status`; the buyer's reply is the supplier's message too. */
export async function insertReply(
  db: Queryable,
  r: { threadId: string; side: 'supplier' | 'buyer'; sponsor: string; detail: string; attachments: FileRef[]; status: CommunicationStatus },
  now: Date,
): Promise<CommunicationReply> {
  const rows = await db.query<ReplyRow>(
    `INSERT INTO communication_replies (communication_id, side, sponsor, detail, attachments, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${REPLY_COLUMNS}`,
    [r.threadId, r.side, r.sponsor, r.detail, JSON.stringify(r.attachments), now],
  );
  await db.query('UPDATE communications SET status = $2, reply_count = reply_count + 1, updated_at = $3 WHERE id = $1', [
    r.threadId,
    r.status,
    now,
  ]);
  if (r.side === 'buyer') await messageThreadReplied(db, r.threadId, now);
  return toReply(rows[0]!);
}
