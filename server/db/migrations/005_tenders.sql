-- Tenders: a supplier's record of taking part in one notice, its deposit submissions, its bid,
-- its refund, and the result the buyer announced (contract/tender-values.ts draws the states).

-- One record per supplier and notice: signing up twice finds the same row.
CREATE TABLE tender_records (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  supplier_id uuid NOT NULL REFERENCES suppliers (id) ON DELETE CASCADE,
  notice_id bigint NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('signedUp', 'depositSubmitted', 'depositRejected', 'depositConfirmed', 'bidSubmitted', 'won', 'lost', 'refundRequested', 'refunded')),
  signed_up_at timestamptz NOT NULL,
  -- Last activity of the supplier or the buyer: the list's order.
  updated_at timestamptz NOT NULL,
  UNIQUE (supplier_id, notice_id)
);
-- The supplier's list, newest activity first, with or without a status filter. A search goes
-- through these as well (a supplier has few records) and verifies the notice's fields;
-- notices_search_idx (001) serves the same condition when the planner prefers it.
CREATE INDEX tender_records_list_idx ON tender_records (supplier_id, updated_at DESC, id DESC);
CREATE INDEX tender_records_status_idx ON tender_records (supplier_id, status, updated_at DESC, id DESC);
-- Announcing a result walks the records of one notice.
CREATE INDEX tender_records_notice_idx ON tender_records (notice_id);

-- Every deposit submission is kept: a rejected one stays as history with its reason. The
-- current submission of a record is its latest (highest seq); at most one is not rejected.
CREATE TABLE tender_deposits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  record_id uuid NOT NULL REFERENCES tender_records (id) ON DELETE CASCADE,
  deposit_type text NOT NULL CHECK (deposit_type IN ('transfer', 'guarantee', 'draft')),
  amount numeric(16, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  payment_date date NOT NULL,
  -- A FileRef ({name, url, path}) of a row in `files`.
  remittance_slip jsonb NOT NULL,
  submitted_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  rejected_at timestamptz,
  reject_reason text,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  CHECK (confirmed_at IS NULL OR rejected_at IS NULL),
  CHECK ((rejected_at IS NULL) = (reject_reason IS NULL))
);
CREATE INDEX tender_deposits_record_idx ON tender_deposits (record_id, seq DESC);
CREATE UNIQUE INDEX tender_deposits_live_key ON tender_deposits (record_id) WHERE rejected_at IS NULL;

-- The bid: submitted once, never edited (SPEC.md section 4). FileRefs as in communications.
CREATE TABLE tender_bids (
  record_id uuid PRIMARY KEY REFERENCES tender_records (id) ON DELETE CASCADE,
  bid_documents jsonb NOT NULL,
  -- [{name, files: [FileRef]}], one group per certificate the notice requires.
  certificates jsonb NOT NULL,
  bill_of_materials jsonb NOT NULL,
  submitted_at timestamptz NOT NULL
);

-- The supplier's refund request, and the buyer's refund with its voucher.
CREATE TABLE tender_refunds (
  record_id uuid PRIMARY KEY REFERENCES tender_records (id) ON DELETE CASCADE,
  remark text NOT NULL DEFAULT '',
  requested_at timestamptz NOT NULL,
  refunded_at timestamptz,
  voucher jsonb,
  CHECK ((refunded_at IS NULL) = (voucher IS NULL))
);

-- A notice's announced result: one per notice, so a second announcement cannot happen.
CREATE TABLE tender_results (
  notice_id bigint PRIMARY KEY REFERENCES notices (id) ON DELETE CASCADE,
  winner_record_id uuid NOT NULL REFERENCES tender_records (id) ON DELETE CASCADE,
  announced_at timestamptz NOT NULL
);

-- Sign-ups raise registration_count and operators move cut-off times: neither touches the
-- searchable fields, so the gram counts of 003 need no work for them. Same function, with an
-- early exit when no searchable field (or list) changed.
CREATE OR REPLACE FUNCTION notices_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.bind_or_purchase, o.tender_no, o.title, o.issuing_unit, o.project_address)
           IS DISTINCT FROM (n.bind_or_purchase, n.tender_no, n.title, n.issuing_unit, n.project_address)
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO notice_gram_counts (gram, bind_or_purchase, n)
  SELECT gram, bind_or_purchase, sum(d) FROM (
    SELECT g.gram, r.bind_or_purchase, -1 AS d FROM old_rows r, notice_grams_of(r.tender_no, r.title, r.issuing_unit, r.project_address) AS g(gram)
    UNION ALL
    SELECT g.gram, r.bind_or_purchase, 1 FROM new_rows r, notice_grams_of(r.tender_no, r.title, r.issuing_unit, r.project_address) AS g(gram)
  ) AS c GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (gram, bind_or_purchase) DO UPDATE SET n = notice_gram_counts.n + excluded.n;
  DELETE FROM notice_gram_counts WHERE n <= 0;
  INSERT INTO notice_counts (bind_or_purchase, n)
  SELECT bind_or_purchase, sum(d) FROM (
    SELECT bind_or_purchase, -1 AS d FROM old_rows UNION ALL SELECT bind_or_purchase, 1 FROM new_rows
  ) AS c GROUP BY 1 ORDER BY 1
  ON CONFLICT (bind_or_purchase) DO UPDATE SET n = notice_counts.n + excluded.n;
  RETURN NULL;
END $$;

-- Notices published before deposits existed ask for the seed's deposit: 2 % of the total price
-- in whole thousands, at least 1,000 (server/seed/notices.ts).
UPDATE notice_details
   SET detail = detail || jsonb_build_object('depositAmount',
         GREATEST(1000, round(coalesce((detail ->> 'totalPrice')::numeric, 0) * 0.02 / 1000) * 1000))
 WHERE NOT (detail ? 'depositAmount');

-- The deposit types dictionary on installations seeded before it existed.
INSERT INTO dictionary_items (type, code, sort, labels) VALUES
  ('depositType', 'transfer', 0, '{"zh-CN": "银行转账", "en": "Bank transfer", "vie": "Chuyển khoản ngân hàng"}'),
  ('depositType', 'guarantee', 1, '{"zh-CN": "银行保函", "en": "Bank guarantee", "vie": "Bảo lãnh ngân hàng"}'),
  ('depositType', 'draft', 2, '{"zh-CN": "银行汇票", "en": "Bank draft", "vie": "Hối phiếu ngân hàng"}')
ON CONFLICT DO NOTHING;
