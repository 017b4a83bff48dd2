-- Visit applications (contract/visit-values.ts draws the states): a supplier's application to
-- visit a production base, with its visitors, typed files, insurance and insured persons.
-- Created and submitted in one write and never edited; the buyer approves (creating one gate
-- visit per visitor in `visits`) or returns it with a reason; the supplier may withdraw it while
-- it is pending. File fields hold FileRefs ({name, url, path}) of rows in `files`.

-- Visit numbers: FS + year, month and day of submission + a sequence (FS202611030001).
CREATE SEQUENCE visit_application_no_seq START 1;

CREATE TABLE visit_applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  visit_no text NOT NULL UNIQUE,
  supplier_id uuid NOT NULL REFERENCES suppliers (id) ON DELETE CASCADE,
  intention text NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  entry_method text NOT NULL,
  source_no text NOT NULL DEFAULT '',
  base_code text NOT NULL REFERENCES production_bases (code),
  department_code text NOT NULL REFERENCES departments (code),
  reason text NOT NULL,
  visiting_company text NOT NULL,
  host text NOT NULL,
  related_project text NOT NULL,
  contract jsonb NOT NULL DEFAULT '[]',
  labour_notice jsonb NOT NULL DEFAULT '[]',
  labour_contract jsonb NOT NULL,
  policy jsonb NOT NULL DEFAULT '[]',
  -- Kept with the application so the list needs no count.
  visitor_count integer NOT NULL CHECK (visitor_count >= 1),
  review_status text NOT NULL DEFAULT 'pending' CHECK (review_status IN ('pending', 'approved', 'returned', 'withdrawn')),
  -- Why the buyer returned it (required then).
  review_reason text,
  reviewed_at timestamptz,
  submitted_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (end_date >= start_date),
  CHECK ((review_status = 'returned') = (review_reason IS NOT NULL)),
  CHECK ((review_status IN ('approved', 'returned')) = (reviewed_at IS NOT NULL))
);
CREATE INDEX visit_applications_supplier_idx ON visit_applications (supplier_id, submitted_at DESC, id DESC);

-- The visitors, in the order the supplier listed them; one phone and one certificate each.
CREATE TABLE visit_application_visitors (
  application_id uuid NOT NULL REFERENCES visit_applications (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 1),
  name text NOT NULL,
  gender text NOT NULL,
  certificate_type text NOT NULL,
  certificate_no text NOT NULL,
  phone text NOT NULL,
  meal boolean NOT NULL,
  meal_type text NOT NULL DEFAULT '',
  lodging boolean NOT NULL,
  PRIMARY KEY (application_id, seq),
  UNIQUE (application_id, phone),
  UNIQUE (application_id, certificate_no),
  CHECK (NOT meal OR meal_type <> '')
);

-- The typed files of the files section.
CREATE TABLE visit_application_files (
  application_id uuid NOT NULL REFERENCES visit_applications (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 1),
  file_type text NOT NULL,
  file jsonb NOT NULL,
  uploader text NOT NULL,
  uploaded_at timestamptz NOT NULL,
  PRIMARY KEY (application_id, seq)
);

-- One insurance per application (required).
CREATE TABLE visit_application_insurance (
  application_id uuid PRIMARY KEY REFERENCES visit_applications (id) ON DELETE CASCADE,
  company text NOT NULL,
  insurance_type text NOT NULL,
  policy_no text NOT NULL,
  job_type text NOT NULL,
  insured_count integer NOT NULL CHECK (insured_count >= 1),
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  insured_date date NOT NULL,
  has_insured boolean NOT NULL,
  has_social_security boolean NOT NULL,
  appendix jsonb NOT NULL DEFAULT '[]'
);

-- Each insured person is one of the application's visitors (by certificate number), once.
CREATE TABLE visit_application_insured (
  application_id uuid NOT NULL REFERENCES visit_application_insurance (application_id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 1),
  certificate_no text NOT NULL,
  job text NOT NULL,
  PRIMARY KEY (application_id, seq),
  UNIQUE (application_id, certificate_no),
  FOREIGN KEY (application_id, certificate_no) REFERENCES visit_application_visitors (application_id, certificate_no) ON DELETE CASCADE
);

-- The gate visits an approval created, one per visitor.
ALTER TABLE visits ADD COLUMN application_id uuid REFERENCES visit_applications (id) ON DELETE CASCADE;
CREATE INDEX visits_application_idx ON visits (application_id);

-- The application's dictionaries (also in server/seed/reference-data.ts for new installations).
INSERT INTO dictionary_items (type, code, sort, labels) VALUES
  ('visitIntention', 'AUDIT', 0, '{"zh-CN": "审核验厂", "en": "Audit", "vie": "Đánh giá nhà máy"}'),
  ('visitIntention', 'DELIVERY', 1, '{"zh-CN": "送货", "en": "Delivery", "vie": "Giao hàng"}'),
  ('visitIntention', 'INSTALL', 2, '{"zh-CN": "安装施工", "en": "Installation work", "vie": "Lắp đặt thi công"}'),
  ('visitIntention', 'MAINTAIN', 3, '{"zh-CN": "设备维修", "en": "Maintenance", "vie": "Bảo trì thiết bị"}'),
  ('visitIntention', 'MEETING', 4, '{"zh-CN": "商务洽谈", "en": "Business meeting", "vie": "Gặp gỡ kinh doanh"}'),
  ('entryMethod', 'WALK', 0, '{"zh-CN": "步行", "en": "On foot", "vie": "Đi bộ"}'),
  ('entryMethod', 'CAR', 1, '{"zh-CN": "小型车辆", "en": "Car", "vie": "Ô tô con"}'),
  ('entryMethod', 'TRUCK', 2, '{"zh-CN": "货车", "en": "Truck", "vie": "Xe tải"}'),
  ('visitFileType', 'ID_COPY', 0, '{"zh-CN": "身份证件复印件", "en": "Copy of identity documents", "vie": "Bản sao giấy tờ tùy thân"}'),
  ('visitFileType', 'SAFETY', 1, '{"zh-CN": "安全培训记录", "en": "Safety training record", "vie": "Hồ sơ huấn luyện an toàn"}'),
  ('visitFileType', 'QUALIFY', 2, '{"zh-CN": "特种作业资格证", "en": "Special work qualification", "vie": "Chứng chỉ tác nghiệp đặc biệt"}'),
  ('visitFileType', 'PLAN', 3, '{"zh-CN": "施工方案", "en": "Work plan", "vie": "Phương án thi công"}'),
  ('visitFileType', 'OTHER', 4, '{"zh-CN": "其他", "en": "Other", "vie": "Khác"}'),
  ('insuranceType', 'ACCIDENT', 0, '{"zh-CN": "团体意外险", "en": "Group accident insurance", "vie": "Bảo hiểm tai nạn nhóm"}'),
  ('insuranceType', 'LIABILITY', 1, '{"zh-CN": "雇主责任险", "en": "Employer liability insurance", "vie": "Bảo hiểm trách nhiệm chủ sử dụng lao động"}'),
  ('insuranceType', 'CONSTRUCTION', 2, '{"zh-CN": "建筑工程一切险", "en": "Construction all risks insurance", "vie": "Bảo hiểm mọi rủi ro xây dựng"}')
ON CONFLICT DO NOTHING;
