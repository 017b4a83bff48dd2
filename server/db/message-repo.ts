import type { MessageKind } from '../../contract/home-values';
import type { Locale } from '../../contract/locales';
import type { HomeMessage } from '../../contract/schemas/home';
import type { Db, Queryable } from './db';

/**
 * The message center (migration 008): events of a supplier's records, written by the writes that
 * cause them (tender-writes.ts, enquiry-writes.ts, communication-repo.ts,
 * visit-application-repo.ts) inside the caller's transaction, so a refused or rolled-back change
 * leaves none and a change made once leaves one. Each writer copies the record's number, name and
 * deadline as they are at that moment (SPEC.md section 2: the home page's columns).
 */

type TenderKind = Extract<MessageKind, 'depositConfirmed' | 'depositRejected' | 'resultAnnounced' | 'depositRefunded'>;

/** One message per tender record: tender no, title and cut-off time of its notice; `note` per record. */
export async function messageTenderRecords(
  db: Queryable,
  kind: TenderKind,
  records: ReadonlyArray<{ id: string; note: string }>,
  now: Date,
): Promise<void> {
  if (!records.length) return;
  await db.query(
    `INSERT INTO supplier_messages (supplier_id, kind, ref_id, number, name, deadline, note, created_at)
     SELECT r.supplier_id, $1, r.id, n.tender_no, n.title, n.cutoff_time, x.note, $4
       FROM unnest($2::uuid[], $3::text[]) WITH ORDINALITY AS x(id, note, i)
       JOIN tender_records r ON r.id = x.id
       JOIN notices n ON n.id = r.notice_id
      ORDER BY x.i`,
    [kind, records.map((r) => r.id), records.map((r) => r.note), now],
  );
}

/**
 * One message per supplier invited to an enquiry, about its round `round`: enquiry no, theme and
 * the round's deadline; a new round's note is its number.
 */
export async function messageEnquirySuppliers(
  db: Queryable,
  kind: Extract<MessageKind, 'enquiryNew' | 'roundOpened'>,
  enquiryId: string,
  round: number,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO supplier_messages (supplier_id, kind, ref_id, number, name, deadline, note, created_at)
     SELECT s.supplier_id, $1, e.id, e.enquiry_no, e.theme, r.deadline, CASE WHEN $1 = 'roundOpened' THEN r.round::text ELSE '' END, $4
       FROM enquiries e
       JOIN enquiry_rounds r ON r.enquiry_id = e.id AND r.round = $3
       JOIN enquiry_suppliers s ON s.enquiry_id = e.id
      WHERE e.id = $2
      ORDER BY s.invited_at, s.supplier_id`,
    [kind, enquiryId, round, now],
  );
}

/** The buyer answered a thread: question no and topic; a thread has no deadline. */
export async function messageThreadReplied(db: Queryable, threadId: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO supplier_messages (supplier_id, kind, ref_id, number, name, deadline, note, created_at)
     SELECT c.supplier_id, 'communicationReplied', c.id, c.question_no, c.topic, NULL, '', $2 FROM communications c WHERE c.id = $1`,
    [threadId, now],
  );
}

/**
 * A visit application reviewed: visit no and the production base's name. The name is stored in
 * Chinese (the source language); the message list shows the base's label in the request
 * language, read at that time, and falls back to the stored text.
 */
export async function messageVisitApplication(
  db: Queryable,
  kind: Extract<MessageKind, 'visitApproved' | 'visitReturned'>,
  applicationId: string,
  note: string,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO supplier_messages (supplier_id, kind, ref_id, number, name, deadline, note, created_at)
     SELECT a.supplier_id, $2, a.id, a.visit_no, coalesce(b.labels ->> 'zh-CN', a.base_code), NULL, $3, $4
       FROM visit_applications a LEFT JOIN production_bases b ON b.code = a.base_code
      WHERE a.id = $1`,
    [applicationId, kind, note, now],
  );
}

interface MessageRow {
  id: string;
  kind: MessageKind;
  ref_id: string;
  number: string;
  name: string;
  deadline: Date | null;
  note: string;
  created_at: Date;
  read: boolean;
  total: number;
  unread: number;
}

const iso = (d: Date) => new Date(d).toISOString();

/**
 * One page of a supplier's messages, newest first (the same instant: the later event first),
 * with the total of the list asked for and the unread count (one row of the counts migration 008
 * keeps), in one prepared statement. Unread only reads the partial index of unread messages; the
 * visit kinds' base names are resolved in `locale` for the page's rows alone.
 */
export async function listMessages(
  db: Db,
  q: { supplierId: string; unreadOnly: boolean; pageNo: number; pageSize: number },
  locale: Locale,
): Promise<{ records: HomeMessage[]; total: number; unread: number }> {
  const rows = await db.prepared<MessageRow>(
    q.unreadOnly ? 'home_messages_unread' : 'home_messages',
    `SELECT coalesce(c.unread, 0) AS unread, coalesce(${q.unreadOnly ? 'c.unread' : 'c.total'}, 0) AS total,
            p.id::text AS id, p.kind, p.ref_id::text AS ref_id, p.number,
            coalesce(b.labels ->> $4, p.name) AS name, p.deadline, p.note, p.created_at, p.read_at IS NOT NULL AS read
       FROM (SELECT 1) AS one
       LEFT JOIN supplier_message_counts c ON c.supplier_id = $1
       LEFT JOIN (
         SELECT id, kind, ref_id, number, name, deadline, note, created_at, read_at
           FROM supplier_messages WHERE supplier_id = $1 ${q.unreadOnly ? 'AND read_at IS NULL' : ''}
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3
       ) AS p ON true
       LEFT JOIN visit_applications a ON p.kind IN ('visitApproved', 'visitReturned') AND a.id = p.ref_id
       LEFT JOIN production_bases b ON b.code = a.base_code
      ORDER BY p.created_at DESC, p.id DESC`,
    [q.supplierId, q.pageSize, (q.pageNo - 1) * q.pageSize, locale],
  );
  const first = rows[0];
  return {
    total: first?.total ?? 0,
    unread: first?.unread ?? 0,
    records: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id,
        kind: r.kind,
        refId: r.ref_id,
        number: r.number,
        deadline: r.deadline ? iso(r.deadline) : null,
        name: r.name,
        note: r.note,
        createdAt: iso(r.created_at),
        read: r.read,
      })),
  };
}

export async function countUnread(db: Queryable, supplierId: string): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT unread AS n FROM supplier_message_counts WHERE supplier_id = $1', [supplierId]);
  return rows[0]?.n ?? 0;
}

/** Message ids are decimal bigints; anything else names no message (and must not reach a cast). */
const MESSAGE_ID_RE = /^[1-9]\d{0,17}$/;

/**
 * Marks the supplier's own unread messages among `ids` (or all of them) read at `now`; ids of
 * other suppliers, unknown and malformed ids are ignored. A message read once keeps its time.
 * Answers the unread count after it.
 */
export async function markRead(
  db: Queryable,
  supplierId: string,
  which: { ids: readonly string[] } | { all: true },
  now: Date,
): Promise<number> {
  if ('all' in which) {
    await db.query('UPDATE supplier_messages SET read_at = $2 WHERE supplier_id = $1 AND read_at IS NULL', [supplierId, now]);
  } else {
    const ids = [...new Set(which.ids.filter((id) => MESSAGE_ID_RE.test(id)))];
    if (ids.length)
      await db.query('UPDATE supplier_messages SET read_at = $2 WHERE supplier_id = $1 AND read_at IS NULL AND id = ANY($3::bigint[])', [
        supplierId,
        now,
        ids,
      ]);
  }
  return countUnread(db, supplierId);
}

/** Every message of a supplier, newest first (operators: `list-messages`). */
export async function messagesOf(
  db: Queryable,
  supplierId: string,
  limit: number,
): Promise<Array<HomeMessage & { readAt: string | null }>> {
  const rows = await db.query<Omit<MessageRow, 'read' | 'total' | 'unread'> & { read_at: Date | null }>(
    `SELECT id::text AS id, kind, ref_id::text AS ref_id, number, name, deadline, note, created_at, read_at
       FROM supplier_messages WHERE supplier_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [supplierId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    refId: r.ref_id,
    number: r.number,
    deadline: r.deadline ? iso(r.deadline) : null,
    name: r.name,
    note: r.note,
    createdAt: iso(r.created_at),
    read: r.read_at !== null,
    readAt: r.read_at ? iso(r.read_at) : null,
  }));
}
