-- Bid versions (docs/decisions/bid-versions.md): a submitted bid is never edited. Before the
-- cut-off a supplier may replace it (a new version; the earlier one is kept, superseded) or
-- withdraw it (kept, withdrawn; the record takes a new bid). At most one version stands.
ALTER TABLE tender_bids DROP CONSTRAINT tender_bids_pkey;
ALTER TABLE tender_bids ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version > 0);
ALTER TABLE tender_bids ALTER COLUMN version DROP DEFAULT;
ALTER TABLE tender_bids ADD PRIMARY KEY (record_id, version);
-- When a later version replaced it, or the supplier withdrew it.
ALTER TABLE tender_bids ADD COLUMN superseded_at timestamptz;
ALTER TABLE tender_bids ADD COLUMN withdrawn_at timestamptz;
ALTER TABLE tender_bids ADD CHECK (superseded_at IS NULL OR withdrawn_at IS NULL);
CREATE UNIQUE INDEX tender_bids_standing_idx ON tender_bids (record_id) WHERE superseded_at IS NULL AND withdrawn_at IS NULL;
