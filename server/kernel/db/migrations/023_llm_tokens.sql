-- The LLM tokens each analysis used (docs/decisions/dashboard-consumption-llm-tokens.md): the vision
-- engine's and an LLM reply template's exchanges, as the endpoint counted them (`usage`), summed by
-- the pipeline into the result's `llmTokens` and written beside the row by the worker, added to what
-- the row had (a re-analysis spends them again). Kept on the row, like its size and duration, so
-- that the consumption never reads results and the count outlives anonymization.
ALTER TABLE analyses ADD COLUMN llm_tokens integer NOT NULL DEFAULT 0;
