-- When a running test last took a step (a launch chunk, a progress step): a test none of whose
-- steps ran for a minute lost its worker mid-step, and the sweep of testing/campaign.ts queues its
-- progress again (a campaign survives its worker killed at any point:
-- docs/decisions/testing-driven-by-two-jobs.md).
ALTER TABLE tests ADD COLUMN stepped_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX tests_running_idx ON tests (stepped_at) WHERE status = 'running';

-- Whether a test's items (its messages' expectations) are all written: the launch writes them a
-- chunk at a time, so that creating a test of 10,000 messages is not one long statement.
ALTER TABLE tests ADD COLUMN items_ready boolean NOT NULL DEFAULT false;

-- Why a test ended in error or timeout, as a stable code the console says in the user's language
-- (`error` keeps the English text for API clients).
ALTER TABLE tests ADD COLUMN error_code text;
