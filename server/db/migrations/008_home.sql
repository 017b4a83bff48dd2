-- The home page (contract/home-values.ts). A message is an event the bid service writes in the
-- same transaction as the change that causes it (server/db/message-repo.ts), so none is lost or
-- doubled; a to-do is never stored: it is derived from the records at read time
-- (server/db/todo-repo.ts), so it disappears the moment the work is done.

CREATE TABLE supplier_messages (
  -- Insertion order breaks ties of the same instant (the events of one transaction).
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  supplier_id uuid NOT NULL REFERENCES suppliers (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('depositConfirmed', 'depositRejected', 'resultAnnounced', 'depositRefunded', 'enquiryNew', 'roundOpened',
                                     'communicationReplied', 'visitApproved', 'visitReturned')),
  -- What the message opens: a tender record, an enquiry, a thread or a visit application (all
  -- uuid keys). No foreign key: a message is history and names a record of one of four tables.
  ref_id uuid NOT NULL,
  -- Copied from the record when the event happened (SPEC.md section 2: the home page's columns).
  number text NOT NULL,
  name text NOT NULL,
  deadline timestamptz,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  read_at timestamptz
);
-- The message center: a supplier's messages, newest first, paged.
CREATE INDEX supplier_messages_list_idx ON supplier_messages (supplier_id, created_at DESC, id DESC);
-- The unread-only list, without reading the rest.
CREATE INDEX supplier_messages_unread_idx ON supplier_messages (supplier_id, created_at DESC, id DESC) WHERE read_at IS NULL;

-- Each supplier's total and unread messages, kept by statement triggers, so the badge that every
-- screen shows and the message center's totals cost one row however long the history is (a
-- count over 10,000 messages was most of a request's time on PGlite). Writers and readers of
-- supplier_messages need not know: a bulk insert or update adjusts them once.
CREATE TABLE supplier_message_counts (
  supplier_id uuid PRIMARY KEY REFERENCES suppliers (id) ON DELETE CASCADE,
  total integer NOT NULL,
  unread integer NOT NULL
);

CREATE FUNCTION supplier_messages_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO supplier_message_counts (supplier_id, total, unread)
  SELECT supplier_id, count(*), count(*) FILTER (WHERE read_at IS NULL) FROM new_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (supplier_id) DO UPDATE SET total = supplier_message_counts.total + excluded.total, unread = supplier_message_counts.unread + excluded.unread;
  RETURN NULL;
END $$;

-- Updates mark messages read (or, in the seed and the benchmark, set their read time directly).
CREATE FUNCTION supplier_messages_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE supplier_message_counts c SET total = c.total + d.total, unread = c.unread + d.unread
    FROM (SELECT supplier_id, sum(t) AS total, sum(u) AS unread FROM (
            SELECT supplier_id, -1 AS t, CASE WHEN read_at IS NULL THEN -1 ELSE 0 END AS u FROM old_rows
            UNION ALL
            SELECT supplier_id, 1, CASE WHEN read_at IS NULL THEN 1 ELSE 0 END FROM new_rows
          ) AS x GROUP BY 1 HAVING sum(t) <> 0 OR sum(u) <> 0) AS d
   WHERE c.supplier_id = d.supplier_id;
  RETURN NULL;
END $$;

-- Only an UPDATE here: a supplier's deletion takes its counts row with it (cascade).
CREATE FUNCTION supplier_messages_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE supplier_message_counts c SET total = c.total - d.total, unread = c.unread - d.unread
    FROM (SELECT supplier_id, count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread FROM old_rows GROUP BY 1) AS d
   WHERE c.supplier_id = d.supplier_id;
  RETURN NULL;
END $$;

CREATE TRIGGER supplier_messages_count_insert AFTER INSERT ON supplier_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION supplier_messages_count_insert();
CREATE TRIGGER supplier_messages_count_update AFTER UPDATE ON supplier_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION supplier_messages_count_update();
CREATE TRIGGER supplier_messages_count_delete AFTER DELETE ON supplier_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION supplier_messages_count_delete();

-- A new application copied from a returned one: the returned one's to-do is then done.
ALTER TABLE visit_applications ADD COLUMN copied_from uuid REFERENCES visit_applications (id) ON DELETE SET NULL;
CREATE INDEX visit_applications_copied_from_idx ON visit_applications (copied_from) WHERE copied_from IS NOT NULL;
