-- When a running test last took a step (a launch chunk, a progress step): a test none of whose
-- steps ran for a minute lost its worker mid-step, and the sweep of testing/campaign.ts queues its
-- progress again (issue 19: a campaign survives its worker killed at any point).
ALTER TABLE tests ADD COLUMN stepped_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX tests_running_idx ON tests (stepped_at) WHERE status = 'running';
