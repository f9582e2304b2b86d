-- What each test item's analysis gave the categorisation (the interactions it found, its extracted
-- data, headers, metadata and attachments) and which rule decided each category: the impact preview
-- categorises the run's messages again under an edited rule without running their analyses, and
-- the comparison of two runs says which rules and interactions changed an outcome
-- (docs/decisions/testing-item-basis.md).
-- Written when the item is collected; kept with the run, whatever happens to the analysis later.
ALTER TABLE test_items ADD COLUMN basis jsonb;

-- The greatest version of the environment's configuration outside its categories when the test
-- ended: a later change of archetypes, interactions or settings makes an impact preview on this
-- run approximate, and the console says so.
ALTER TABLE tests ADD COLUMN basis_version bigint;

-- The last finished run of an environment, which the impact preview reads.
CREATE INDEX tests_environment_finished_idx ON tests (environment_id, finished_at DESC) WHERE status = 'success';
