-- Rate-limit counters that are counted and reserved in one statement (server/db/attempt-repo.ts):
-- one row per scope and key, holding the number of attempts in the current fixed window.
-- The `attempts` table of 001 counted with a SELECT before an INSERT, so concurrent guesses all
-- saw the same count and passed together (30 concurrent wrong passwords got 20 checks against a
-- limit of 5); an INSERT ... ON CONFLICT DO UPDATE ... RETURNING cannot be raced that way.
CREATE TABLE attempt_counters (
  scope text NOT NULL,
  key text NOT NULL,
  n integer NOT NULL,
  window_start timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
-- Housekeeping deletes the rows whose window is long over.
CREATE INDEX attempt_counters_window_idx ON attempt_counters (window_start);
