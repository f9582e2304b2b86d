-- The domain rules a test applies (spec pipeline §3 "domain rule",
-- docs/decisions/testing-domain-modules-and-rules.md): those of the
-- project with a priority for the test's environment, in priority order, with their domain
-- module's name and pipeline module, snapshotted when the test is launched. Its scores, its
-- comparison with another run and the impact preview on it read these, whatever is edited later.
-- Null for tests launched before: they scored every module's output, as a run without rules does.
-- Domain modules and rules themselves are configuration documents (resource_documents).
ALTER TABLE tests ADD COLUMN domain_rules jsonb;
