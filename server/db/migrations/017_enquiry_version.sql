-- A version per enquiry, moved by every change to what a supplier's detail shows: the enquiry's
-- own row, its lines, invitations, rounds, targets and quotes. The bid service keeps details it
-- has read (server/services/versioned-cache.ts) and reads one again only when its version moved:
-- a look at one row instead of the detail's JSON. Triggers move it, so no writer (the operator's
-- CLI, a new route) can forget to. Statement-level, so the 500 lines of one insert move it once.

ALTER TABLE enquiries ADD COLUMN version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION enquiry_version_own() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;

CREATE TRIGGER enquiries_version BEFORE UPDATE ON enquiries
  FOR EACH ROW WHEN (NEW.version = OLD.version) EXECUTE FUNCTION enquiry_version_own();

-- The enquiries of the rows a statement inserted, updated or deleted.
CREATE FUNCTION enquiry_version_parts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE enquiries SET version = version + 1 WHERE id IN (SELECT DISTINCT enquiry_id FROM gone);
  ELSE
    UPDATE enquiries SET version = version + 1 WHERE id IN (SELECT DISTINCT enquiry_id FROM came);
  END IF;
  RETURN NULL;
END $$;

-- A quote's lines come in the quote's own transaction, never after: the quote moves the version.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['enquiry_lines', 'enquiry_suppliers', 'enquiry_rounds', 'enquiry_target_prices', 'enquiry_quotes'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION enquiry_version_parts()', t || '_version_in', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION enquiry_version_parts()', t || '_version_up', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION enquiry_version_parts()', t || '_version_out', t);
  END LOOP;
END $$;
