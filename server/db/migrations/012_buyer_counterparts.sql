-- The buyer's staff a supplier deals with: the "counterpart account" of the registration form
-- (SPEC.md section 4) is a login account of the buyer's system, offered by
-- /supplier/sysLoginUserCounterpart. Names are people's names, written one way in every language.
CREATE TABLE buyer_counterparts (
  account text PRIMARY KEY,
  name text NOT NULL,
  department_code text NOT NULL REFERENCES departments (code),
  sort integer NOT NULL
);
CREATE INDEX buyer_counterparts_department_idx ON buyer_counterparts (department_code, sort);
