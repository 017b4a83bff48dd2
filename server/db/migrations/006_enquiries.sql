-- Price enquiries and bargaining rounds (contract/enquiry-values.ts draws the states): the
-- buyer's enquiry with its material lines and invited suppliers, its rounds with optional target
-- prices, and each supplier's quote per round. Prices and quantities are exact NUMERIC, never
-- floating point; they travel as decimal texts.

CREATE TABLE enquiries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  enquiry_no text NOT NULL UNIQUE,
  theme text NOT NULL,
  currency text NOT NULL,
  -- The header of SPEC.md section 3: the buyer's terms, shown to the supplier as they are.
  price_includes_tax boolean NOT NULL,
  effective_time timestamptz NOT NULL,
  expiry_time timestamptz NOT NULL,
  remark text NOT NULL DEFAULT '',
  vat_type text NOT NULL DEFAULT '',
  warranty_period text NOT NULL DEFAULT '',
  warranty_method text NOT NULL DEFAULT '',
  transport_type text NOT NULL DEFAULT '',
  delivery_date date NOT NULL,
  invoice_type text NOT NULL DEFAULT '',
  payment_type text NOT NULL DEFAULT '',
  delivery_type text NOT NULL DEFAULT '',
  unloading_method text NOT NULL DEFAULT '',
  business_status text NOT NULL DEFAULT 'bargaining' CHECK (business_status IN ('bargaining', 'awarded', 'notAwarded', 'cancelled')),
  -- The current round (bargaining times); its row in enquiry_rounds holds the deadline.
  round integer NOT NULL DEFAULT 1 CHECK (round >= 1),
  created_at timestamptz NOT NULL,
  -- The buyer's last change (sent, new round, closed); a supplier's list adds its own quotes.
  updated_at timestamptz NOT NULL,
  closed_at timestamptz,
  CHECK ((business_status = 'bargaining') = (closed_at IS NULL)),
  CHECK (expiry_time >= effective_time)
);

-- A line is matched by its material no (the inquiry letter does so), hence unique per enquiry.
CREATE TABLE enquiry_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no >= 1),
  material_no text NOT NULL,
  name text NOT NULL,
  specification text NOT NULL DEFAULT '',
  unit text NOT NULL,
  brand text NOT NULL DEFAULT '',
  quantity numeric(16, 3) NOT NULL CHECK (quantity > 0),
  expected_price numeric(12, 2) CHECK (expected_price > 0),
  package_specification text NOT NULL DEFAULT '',
  UNIQUE (enquiry_id, material_no),
  UNIQUE (enquiry_id, line_no)
);

-- Who may see and answer an enquiry; everyone else gets E404.
CREATE TABLE enquiry_suppliers (
  enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  supplier_id uuid NOT NULL REFERENCES suppliers (id) ON DELETE CASCADE,
  invited_at timestamptz NOT NULL,
  PRIMARY KEY (enquiry_id, supplier_id)
);
CREATE INDEX enquiry_suppliers_supplier_idx ON enquiry_suppliers (supplier_id, enquiry_id);

CREATE TABLE enquiry_rounds (
  enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  round integer NOT NULL CHECK (round >= 1),
  promoter text NOT NULL,
  opened_at timestamptz NOT NULL,
  deadline timestamptz NOT NULL,
  PRIMARY KEY (enquiry_id, round)
);

-- The buyer's target price of a line in a round; no row is no target.
CREATE TABLE enquiry_target_prices (
  enquiry_id uuid NOT NULL,
  round integer NOT NULL,
  line_id uuid NOT NULL REFERENCES enquiry_lines (id) ON DELETE CASCADE,
  price numeric(12, 2) NOT NULL CHECK (price > 0),
  PRIMARY KEY (enquiry_id, round, line_id),
  FOREIGN KEY (enquiry_id, round) REFERENCES enquiry_rounds (enquiry_id, round) ON DELETE CASCADE
);

-- One quote per supplier and round, never edited (SPEC.md section 4): the key decides, so two
-- concurrent quotes cannot both land. Only an invited supplier quotes, only in a round that exists.
CREATE TABLE enquiry_quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  enquiry_id uuid NOT NULL,
  supplier_id uuid NOT NULL,
  round integer NOT NULL,
  currency text NOT NULL,
  tax_included boolean NOT NULL,
  delivery_date date NOT NULL,
  remark text NOT NULL DEFAULT '',
  -- The sum of the rounded line amounts (contract quoteTotal); 5,000 lines of the largest price
  -- and quantity stay well inside 30 digits.
  total numeric(32, 2) NOT NULL CHECK (total >= 0),
  -- A FileRef ({name, url, path}) of the filled inquiry letter, a row in `files`.
  letter jsonb,
  submitted_at timestamptz NOT NULL,
  UNIQUE (enquiry_id, supplier_id, round),
  FOREIGN KEY (enquiry_id, supplier_id) REFERENCES enquiry_suppliers (enquiry_id, supplier_id) ON DELETE CASCADE,
  FOREIGN KEY (enquiry_id, round) REFERENCES enquiry_rounds (enquiry_id, round) ON DELETE CASCADE
);
-- A supplier's quotes of one enquiry (its history, its latest quotation).
CREATE INDEX enquiry_quotes_supplier_idx ON enquiry_quotes (supplier_id, enquiry_id, round);

CREATE TABLE enquiry_quote_lines (
  quote_id uuid NOT NULL REFERENCES enquiry_quotes (id) ON DELETE CASCADE,
  line_id uuid NOT NULL REFERENCES enquiry_lines (id) ON DELETE CASCADE,
  price numeric(12, 2) NOT NULL CHECK (price > 0),
  PRIMARY KEY (quote_id, line_id)
);
CREATE INDEX enquiry_quote_lines_line_idx ON enquiry_quote_lines (line_id);
