-- The NLU labelling view (docs/decisions/nlu-labelling.md): an analysis read by a server with the
-- labeling flag is to label; a qualifier says of each of its interactions whether it is right or
-- wrong (`nlu_verdicts`, in the order of result.nlu.interactions). A new result (a reanalysis)
-- makes it to label again.
ALTER TABLE analyses ADD COLUMN nlu_labelling text CHECK (nlu_labelling IN ('to_label', 'labelled'));
ALTER TABLE analyses ADD COLUMN nlu_verdicts jsonb;
ALTER TABLE analyses ADD COLUMN labelled_at timestamptz;
ALTER TABLE analyses ADD COLUMN labelled_by uuid REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX analyses_nlu_labelling ON analyses (environment_id, created_at DESC) WHERE nlu_labelling IS NOT NULL;
