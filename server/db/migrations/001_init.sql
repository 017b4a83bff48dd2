-- Bid service schema. Every statement must run on PGlite and on PostgreSQL 14+.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Public bidding (0) and purchasing (1) notices. The list columns are real columns;
-- the rest of a notice's detail is one document, read only by businessGetById.
CREATE TABLE notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bind_or_purchase smallint NOT NULL CHECK (bind_or_purchase IN (0, 1)),
  tender_no text NOT NULL UNIQUE,
  title text NOT NULL,
  issuing_unit text NOT NULL,
  project_address text NOT NULL,
  registration_count integer NOT NULL DEFAULT 0,
  cutoff_time timestamptz NOT NULL,
  published_at timestamptz NOT NULL,
  detail jsonb NOT NULL,
  -- Case-insensitive substring search over the four searchable columns (trigram index below).
  search_text text GENERATED ALWAYS AS (lower(tender_no || ' ' || title || ' ' || issuing_unit || ' ' || project_address)) STORED
);
CREATE INDEX notices_list_idx ON notices (bind_or_purchase, cutoff_time DESC, id DESC);
CREATE INDEX notices_search_idx ON notices USING gin (search_text gin_trgm_ops);

CREATE SEQUENCE supplier_code_seq START 100001;

CREATE TABLE suppliers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  supplier_code text NOT NULL UNIQUE,
  username text NOT NULL,
  password_hash text NOT NULL,
  status text NOT NULL DEFAULT 'A101' CHECK (status IN ('A101', 'A104', 'A141')),
  credit_code text NOT NULL,
  email text NOT NULL,
  contact_phone text NOT NULL,
  -- The remaining supplier fields of contract/schemas/supplier.ts, as the supplier sent them.
  profile jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX suppliers_username_key ON suppliers (lower(username));
CREATE UNIQUE INDEX suppliers_credit_code_key ON suppliers (credit_code);
CREATE INDEX suppliers_email_idx ON suppliers (lower(email));
CREATE INDEX suppliers_phone_idx ON suppliers (contact_phone);

-- Tokens are stored as sha256 hashes: a leaked table does not leak sessions.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  supplier_id uuid NOT NULL REFERENCES suppliers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_supplier_idx ON sessions (supplier_id);

-- Attempts counted by the rate limits (login failures, code requests), per scope and key.
CREATE TABLE attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scope text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX attempts_lookup_idx ON attempts (scope, key, at);

CREATE TABLE verification_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  target text NOT NULL,
  way text NOT NULL CHECK (way IN ('mail', 'phone')),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_tries integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX verification_codes_target_idx ON verification_codes (target, created_at DESC);

CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  storage_key text NOT NULL UNIQUE,
  owner_supplier_id uuid REFERENCES suppliers (id) ON DELETE SET NULL,
  public boolean NOT NULL DEFAULT false,
  original_name text NOT NULL,
  size bigint NOT NULL,
  mime text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX files_owner_idx ON files (owner_supplier_id);

-- Reference data; labels are {"zh-CN": ..., "en": ..., "vie": ...}.
CREATE TABLE dictionary_items (
  type text NOT NULL,
  code text NOT NULL,
  sort integer NOT NULL,
  labels jsonb NOT NULL,
  PRIMARY KEY (type, code)
);

CREATE TABLE regions (
  code text PRIMARY KEY,
  parent_code text REFERENCES regions (code),
  labels jsonb NOT NULL
);
CREATE INDEX regions_parent_idx ON regions (parent_code);

CREATE TABLE production_bases (
  code text PRIMARY KEY,
  sort integer NOT NULL,
  labels jsonb NOT NULL
);

CREATE TABLE departments (
  code text PRIMARY KEY,
  base_code text NOT NULL REFERENCES production_bases (code),
  sort integer NOT NULL,
  labels jsonb NOT NULL
);
CREATE INDEX departments_base_idx ON departments (base_code);

-- The first answer to a write sent with an Idempotency-Key, replayed for a repeated key.
CREATE TABLE idempotency_keys (
  principal text NOT NULL,
  key text NOT NULL,
  path text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (principal, key, path)
);
