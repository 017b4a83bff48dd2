-- The receipts the bid service signed for what suppliers submitted (docs/decisions/receipts.md):
-- one row per act, written in the act's own transaction, never changed. `record_id` names the
-- record the act belongs to (a tender record, an enquiry, a communication thread, a visit
-- application), `part_id` the part of it when there are several (a reply's id). `jws` is the
-- signed receipt as the supplier got it, `files` its list of files beside it.
CREATE TABLE receipts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('bid', 'bidWithdrawal', 'deposit', 'refund', 'quote', 'visitApplication', 'communication', 'reply')),
  record_id text NOT NULL,
  part_id text,
  supplier_id uuid NOT NULL REFERENCES suppliers (id) ON DELETE CASCADE,
  received_at timestamptz NOT NULL,
  round integer,
  version integer,
  jws text NOT NULL,
  files jsonb NOT NULL
);
-- A record's receipts in the order they were issued.
CREATE INDEX receipts_record_idx ON receipts (record_id, id);

-- A quote's JSON carries its receipt (015's function, with `receipt` added: null for a quote made
-- before receipts were issued).
CREATE OR REPLACE FUNCTION enquiry_quotes_json(p_enquiry uuid, p_supplier uuid) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
             'supplierId', q.supplier_id::text, 'round', q.round, 'submittedAt', q.submitted_at, 'currency', q.currency,
             'taxIncluded', q.tax_included, 'deliveryDate', to_char(q.delivery_date, 'YYYY-MM-DD'), 'remark', q.remark,
             'total', q.total::text, 'letter', q.letter,
             'lines', (SELECT coalesce(json_agg(json_build_object('lineId', ql.line_id::text, 'price', ql.price::text) ORDER BY l.line_no), '[]'::json)
                         FROM enquiry_quote_lines ql JOIN enquiry_lines l ON l.id = ql.line_id WHERE ql.quote_id = q.id),
             'receipt', (SELECT json_build_object('jws', rc.jws, 'files', rc.files) FROM receipts rc
                          WHERE rc.record_id = p_enquiry::text AND rc.kind = 'quote' AND rc.supplier_id = q.supplier_id AND rc.round = q.round
                          ORDER BY rc.id LIMIT 1))
             ORDER BY q.round, q.submitted_at, q.id), '[]'::json)
      FROM enquiry_quotes q WHERE q.enquiry_id = p_enquiry AND (p_supplier IS NULL OR q.supplier_id = p_supplier));
END $$;
