-- Quotas on anonymous writes (server/services/quotas.ts): one counter per scope, key (an
-- address or a supplier) and UTC day, with the bytes it has taken. Atomic upserts keep
-- concurrent requests within the limit; housekeeping drops the days that are over.
CREATE TABLE quota_usage (
  scope text NOT NULL,
  key text NOT NULL,
  day date NOT NULL,
  count integer NOT NULL,
  bytes bigint NOT NULL,
  PRIMARY KEY (scope, key, day)
);

-- The length a tus creation declared (null: deferred), counted against the cap on unclaimed uploads.
ALTER TABLE tus_uploads ADD COLUMN length bigint;

-- Unclaimed uploads (no record took them yet): summed for the cap, expired by housekeeping.
CREATE INDEX files_unclaimed_idx ON files (created_at) WHERE owner_supplier_id IS NULL AND NOT public;
