-- Upload space that cannot be hoarded (server/services/quotas.ts): an unfinished tus upload
-- holds the bytes it has received, not the length it declared; an anonymous one names the
-- address that created it (the caps on uploads open at once and on space held per address),
-- and when bytes last arrived (one that stopped receiving for an hour no longer holds space,
-- and housekeeping removes it). An anonymous stored upload names its address too.
ALTER TABLE tus_uploads ADD COLUMN address text;
ALTER TABLE tus_uploads ADD COLUMN received bigint NOT NULL DEFAULT 0;
ALTER TABLE tus_uploads ADD COLUMN active_at timestamptz;
UPDATE tus_uploads SET active_at = created_at;
ALTER TABLE tus_uploads ALTER COLUMN active_at SET NOT NULL;
CREATE INDEX tus_uploads_open_idx ON tus_uploads (address, active_at) WHERE storage_key IS NULL AND owner_supplier_id IS NULL;

ALTER TABLE files ADD COLUMN upload_address text;
CREATE INDEX files_unclaimed_address_idx ON files (upload_address) WHERE owner_supplier_id IS NULL AND NOT public;
