-- Communications between a supplier and the buyer, the gate visitor flow, tus uploads, and
-- idempotency keys reserved before their write runs.

-- Question numbers: GT + year and month of creation + a sequence (GT2026110001).
CREATE SEQUENCE communication_no_seq START 1;

CREATE TABLE communications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  question_no text NOT NULL UNIQUE,
  supplier_id uuid NOT NULL REFERENCES suppliers (id) ON DELETE CASCADE,
  topic text NOT NULL,
  priority text NOT NULL CHECK (priority IN ('high', 'medium', 'low')),
  source_no text,
  status text NOT NULL CHECK (status IN ('awaitingBuyer', 'awaitingSupplier', 'closed')),
  -- Replies after the opening question, kept with each reply so the list needs no count.
  reply_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX communications_supplier_idx ON communications (supplier_id, updated_at DESC, id DESC);

-- Every message of a thread; the opening question is the first. Attachments are FileRefs
-- ({name, url, path}) of rows in `files`.
CREATE TABLE communication_replies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  communication_id uuid NOT NULL REFERENCES communications (id) ON DELETE CASCADE,
  side text NOT NULL CHECK (side IN ('supplier', 'buyer')),
  sponsor text NOT NULL,
  detail text NOT NULL,
  attachments jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  seq bigint GENERATED ALWAYS AS IDENTITY
);
CREATE INDEX communication_replies_thread_idx ON communication_replies (communication_id, seq);

-- Approved visits to a production base, per phone (for now from the operator CLI).
CREATE SEQUENCE visit_no_seq START 1;

CREATE TABLE visits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  visit_no text NOT NULL UNIQUE,
  phone text NOT NULL,
  visitor_name text NOT NULL,
  base_code text NOT NULL REFERENCES production_bases (code),
  department_code text NOT NULL REFERENCES departments (code),
  host text NOT NULL,
  reason text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'approved' CHECK (status IN ('approved', 'revoked')),
  valid_from timestamptz NOT NULL,
  valid_until timestamptz NOT NULL CHECK (valid_until > valid_from),
  created_at timestamptz NOT NULL
);
CREATE INDEX visits_phone_idx ON visits (phone, valid_until);

-- A visitor is a phone number that proved itself with a code; the pass names its id.
CREATE TABLE visitors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  phone text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

-- The visitor information of contract/schemas/visitor.ts, one per visitor.
CREATE TABLE visitor_persons (
  visitor_id uuid PRIMARY KEY REFERENCES visitors (id) ON DELETE CASCADE,
  person jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);

-- tus uploads: who created one (null: anonymous), and the stored file once completed.
-- The bytes and offsets live in the tus file store under $DATA_DIR/tus.
CREATE TABLE tus_uploads (
  upload_id text PRIMARY KEY,
  owner_supplier_id uuid REFERENCES suppliers (id) ON DELETE CASCADE,
  storage_key text REFERENCES files (storage_key) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX tus_uploads_created_idx ON tus_uploads (created_at);

-- A key is reserved (response NULL) before its write runs, so a duplicate in flight is seen.
ALTER TABLE idempotency_keys ALTER COLUMN response DROP NOT NULL;
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
