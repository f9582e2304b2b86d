-- The testing centre (spec pipeline-and-testing §2–§9, DESIGN.md §6 "Testing centre",
-- docs/decisions/testing-driven-by-two-jobs.md).

-- The message bank of a project: messages kept with what their analysis is expected to give. The
-- content lives with the message (a file's bytes, or the pasted text), so that a test can run it
-- in any environment of the project. `expected` holds the expectations per classification kind,
-- `qualification` which kinds are complete ('qualified') and which are not.
CREATE TABLE bank_messages (
  id                  uuid PRIMARY KEY,
  project_id          uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name                text NOT NULL,
  input_type          text NOT NULL CHECK (input_type IN ('file', 'text', 'mail')),
  filename            text,
  mime                text,
  size                integer NOT NULL DEFAULT 0,
  content             bytea,
  input_text          text,
  tags                text[] NOT NULL DEFAULT '{}',
  expected            jsonb NOT NULL DEFAULT '{}',
  qualification       jsonb NOT NULL DEFAULT '{}',
  qualification_status text NOT NULL DEFAULT 'not_qualified'
                      CHECK (qualification_status IN ('qualified', 'partially_qualified', 'not_qualified')),
  note                text NOT NULL DEFAULT '',
  metadata            jsonb NOT NULL DEFAULT '{}',
  manual_final_status boolean NOT NULL DEFAULT false,
  source_analysis_id  uuid,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bank_messages_project_created_idx ON bank_messages (project_id, created_at DESC);
CREATE INDEX bank_messages_tags_idx ON bank_messages USING gin (tags);

-- A test: every message of the bank carrying a tag, run through an environment's pipeline on the
-- queue. The environment may be deleted while it runs: the test then ends in error and keeps what
-- it scored (its name stays for the list).
CREATE TABLE tests (
  id                   uuid PRIMARY KEY,
  project_id           uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  environment_id       uuid REFERENCES environments (id) ON DELETE SET NULL,
  environment_name     text NOT NULL,
  tag                  text NOT NULL,
  manual_status_update text NOT NULL CHECK (manual_status_update IN ('auto', 'enabled', 'disabled')),
  status               text NOT NULL DEFAULT 'running'
                       CHECK (status IN ('running', 'success', 'error', 'timeout')),
  total                integer NOT NULL,
  error                text,
  scores               jsonb,
  created_by           uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  progressed_at        timestamptz NOT NULL DEFAULT now(),
  finished_at          timestamptz
);
CREATE INDEX tests_project_created_idx ON tests (project_id, created_at DESC);

-- One message of a test: its expectations as they were at launch (editing the bank later does not
-- change a run's scores), its analysis, and what that analysis detected once it ended.
CREATE TABLE test_items (
  test_id       uuid NOT NULL REFERENCES tests (id) ON DELETE CASCADE,
  message_id    uuid NOT NULL,
  message_name  text NOT NULL,
  analysis_id   uuid,
  status        text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'done', 'error')),
  expected      jsonb NOT NULL,
  qualification jsonb NOT NULL,
  detected      jsonb,
  error         text,
  PRIMARY KEY (test_id, message_id)
);
CREATE INDEX test_items_waiting_idx ON test_items (test_id) WHERE status = 'waiting';
CREATE INDEX test_items_analysis_idx ON test_items (analysis_id);
