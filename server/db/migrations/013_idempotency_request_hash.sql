-- An Idempotency-Key names one write of its caller, whatever the route or body: the key is
-- unique per principal, and the hash of the route and canonical body it was first sent with is
-- kept beside it, so the same key with another body is refused (E409 idempotencyKeyReused)
-- instead of being a second write. Until now `path` held `route#hash`: split it.
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD COLUMN request_hash text;
UPDATE idempotency_keys SET request_hash = split_part(path, '#', 2), path = split_part(path, '#', 1);
-- Reservations are now taken inside the write's transaction and never committed without an
-- answer; one left by the old scheme belongs to no running write.
DELETE FROM idempotency_keys WHERE response IS NULL;
-- A key sent with several bodies before: keep its newest answer only.
DELETE FROM idempotency_keys a USING idempotency_keys b
  WHERE a.principal = b.principal AND a.key = b.key
    AND (a.created_at, a.path, a.request_hash) < (b.created_at, b.path, b.request_hash);
ALTER TABLE idempotency_keys ALTER COLUMN request_hash SET NOT NULL;
ALTER TABLE idempotency_keys ADD PRIMARY KEY (principal, key);
