-- Each stored file's SHA-256 (64 lowercase hex digits), computed by the bid service as the bytes
-- are written or, for a tus upload, when it completes: what a receipt states the buyer holds
-- (docs/decisions/receipts.md). Files stored before this column have none until a receipt or
-- the operator needs it; it is then computed from the bytes and kept.
ALTER TABLE files ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$');
