import { TODO_AREAS, type TodoKind } from '../../contract/home-values';
import type { Locale } from '../../contract/locales';
import type { HomeCounts, TodoItem } from '../../contract/schemas/home';
import { statusesOpenTo, SUPPLIER_STATUSES, type MenuKey } from '../../contract/status-rules';
import { literal } from './adapter';
import type { Db } from './db';

/**
 * The condition that the supplier's status opens the menu entry `key`, written from the one rule
 * (contract/status-rules.ts) when the module loads: the statement stays one prepared statement,
 * and its status lists cannot drift from the menu and the calls' checks.
 */
function statusOpens(key: MenuKey): string {
  const open = statusesOpenTo(key);
  if (open.length === SUPPLIER_STATUSES.length) return 'true';
  if (open.length === 0) return 'false';
  return `(SELECT status FROM suppliers WHERE id = $1) IN (${open.map(literal).join(', ')})`;
}

/**
 * The to-do list (contract/home-values.ts), derived at read time from the records themselves and
 * never stored, so an item is gone the moment its work is done. One statement: the five kinds as
 * branches of a UNION ALL over the supplier's own rows (each served by that table's supplier
 * index), in the list's order, with the unread messages (migration 008 keeps the count).
 *
 * Deadlines are judged at `now`, the bid service's clock. A kind shows only to a supplier whose
 * status opens its screen's menu entry (`statusOpens`).
 *
 * - depositDue: a record signed up or with its deposit rejected, before the notice's cut-off
 * - bidDue: a record whose deposit is confirmed (so no bid yet), before the cut-off
 * - quoteDue: an enquiry still bargaining whose current round has no quote of the supplier,
 *   before the round's deadline; the note is the round
 * - communicationReplied: a thread awaiting the supplier (the buyer answered last)
 * - visitReturned: a returned application no application was copied from; the note is the reason
 *
 * "Created" is when the work arrived: the record's last change, the round's opening, the
 * buyer's reply, the review.
 *
 * A supplier's to-dos are its open work, a handful even for a busy one (each ends with the work,
 * the deadline or the buyer's next step), so the statement answers all of them and the page and
 * the counts per menu entry are cut from that here: one plan without window or paging steps,
 * which on PGlite costs less than the rows it saves (measured: docs/benchmarks.md). It runs as a
 * prepared statement: planning it cost four times its execution.
 */
export const TODOS_SQL = `
  SELECT (SELECT unread FROM supplier_message_counts WHERE supplier_id = $1) AS unread_messages, t.*
    FROM (SELECT 1) AS one LEFT JOIN (
      SELECT CASE WHEN r.status = 'depositConfirmed' THEN 'bidDue' ELSE 'depositDue' END AS kind,
             r.id::text AS ref_id, n.tender_no AS number, n.cutoff_time AS deadline, n.title AS name, ''::text AS note, r.updated_at AS created_at
        FROM tender_records r JOIN notices n ON n.id = r.notice_id
       WHERE r.supplier_id = $1 AND r.status IN ('signedUp', 'depositRejected', 'depositConfirmed') AND n.cutoff_time > $2
         AND ${statusOpens('tenderManagement')}
      UNION ALL
      SELECT 'quoteDue', e.id::text, e.enquiry_no, rd.deadline, e.theme, e.round::text, rd.opened_at
        FROM enquiry_suppliers s
        JOIN enquiries e ON e.id = s.enquiry_id AND e.business_status = 'bargaining'
        JOIN enquiry_rounds rd ON rd.enquiry_id = e.id AND rd.round = e.round
       WHERE s.supplier_id = $1 AND rd.deadline > $2
         AND NOT EXISTS (SELECT 1 FROM enquiry_quotes q WHERE q.enquiry_id = e.id AND q.supplier_id = $1 AND q.round = e.round)
         AND ${statusOpens('bargaining')}
      UNION ALL
      SELECT 'communicationReplied', c.id::text, c.question_no, NULL, c.topic, '', c.updated_at
        FROM communications c
       WHERE c.supplier_id = $1 AND c.status = 'awaitingSupplier' AND ${statusOpens('communicateRecord')}
      UNION ALL
      SELECT 'visitReturned', a.id::text, a.visit_no, NULL, coalesce(b.labels ->> $3, b.labels ->> 'zh-CN', a.base_code), a.review_reason, a.reviewed_at
        FROM visit_applications a LEFT JOIN production_bases b ON b.code = a.base_code
       WHERE a.supplier_id = $1 AND a.review_status = 'returned'
         AND NOT EXISTS (SELECT 1 FROM visit_applications copy WHERE copy.copied_from = a.id)
         AND ${statusOpens('visitorApplyNew')}
    ) AS t ON true
   ORDER BY t.deadline ASC NULLS LAST, t.created_at DESC, t.kind, t.ref_id`;

interface TodoRow {
  unread_messages: number | null;
  kind: TodoKind | null;
  ref_id: string;
  number: string;
  deadline: Date | null;
  name: string;
  note: string | null;
  created_at: Date;
}

const iso = (d: Date) => new Date(d).toISOString();

/** One page of the supplier's to-dos, deadline first (none last), then newest, with the counts. */
export async function listTodos(
  db: Db,
  q: { supplierId: string; pageNo: number; pageSize: number },
  now: Date,
  locale: Locale,
): Promise<{ records: TodoItem[]; total: number; counts: HomeCounts }> {
  const rows = await db.prepared<TodoRow>('home_todos', TODOS_SQL, [q.supplierId, now, locale]);
  const items = rows
    .filter((r): r is TodoRow & { kind: TodoKind } => r.kind !== null)
    .map((r) => ({
      kind: r.kind,
      refId: r.ref_id,
      number: r.number,
      deadline: r.deadline ? iso(r.deadline) : null,
      name: r.name,
      note: r.note ?? '',
      createdAt: iso(r.created_at),
    }));
  const counts: HomeCounts = { tenders: 0, enquiries: 0, communication: 0, visits: 0, unreadMessages: rows[0]?.unread_messages ?? 0 };
  for (const item of items) counts[TODO_AREAS[item.kind]]++;
  const from = (q.pageNo - 1) * q.pageSize;
  return { records: items.slice(from, from + q.pageSize), total: items.length, counts };
}
