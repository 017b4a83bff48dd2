-- Questions on a notice (docs/decisions/notice-questions.md): a supplier signed up for a notice
-- asks the buyer, who answers publicly (every supplier signed up for the notice and the public
-- notice show the answer, never who asked) or privately (the asker alone). A question is never
-- edited; its answer is written once.

-- Question numbers: CQ + the buyer's year and month + a sequence (CQ2026110001).
CREATE SEQUENCE notice_question_no_seq START 1;

CREATE TABLE notice_questions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  question_no text NOT NULL UNIQUE,
  notice_id bigint NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  -- The asker's tender record on the notice: only a supplier signed up for it may ask.
  record_id uuid NOT NULL REFERENCES tender_records (id) ON DELETE CASCADE,
  supplier_id uuid NOT NULL REFERENCES suppliers (id) ON DELETE CASCADE,
  question text NOT NULL,
  asked_at timestamptz NOT NULL,
  answer text,
  answer_public boolean,
  answered_at timestamptz,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  CHECK ((answer IS NULL) = (answered_at IS NULL) AND (answer IS NULL) = (answer_public IS NULL))
);
-- A notice's questions newest first (a supplier's list, the public notice's answers).
CREATE INDEX notice_questions_notice_idx ON notice_questions (notice_id, asked_at DESC, seq DESC);
-- The buyer's queue of questions still to answer.
CREATE INDEX notice_questions_unanswered_idx ON notice_questions (asked_at, seq) WHERE answered_at IS NULL;

-- When a notice stops taking questions, where the buyer set it; without a row, 3 days before its
-- cut-off (contract/tender-values.ts, questionsCloseAt). A table of its own, so setting it never
-- touches the notices' rows, their search triggers or their list order.
CREATE TABLE notice_question_deadlines (
  notice_id bigint PRIMARY KEY REFERENCES notices (id) ON DELETE CASCADE,
  closes_at timestamptz NOT NULL
);

-- A question has its receipt, like every act a supplier submits.
ALTER TABLE receipts DROP CONSTRAINT receipts_kind_check;
ALTER TABLE receipts ADD CONSTRAINT receipts_kind_check
  CHECK (kind IN ('bid', 'bidWithdrawal', 'deposit', 'refund', 'quote', 'visitApplication', 'communication', 'reply', 'question'));
