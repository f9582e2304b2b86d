-- An analysis's failure by code (docs/decisions/console-failures-by-code.md): `error` keeps the
-- English sentence API clients read; `error_message` the same as a trace message
-- (schemas/trace-messages.ts, `{ code, params }`) that the console says in the reader's language.
-- NULL for a failure said only in English (rows stored before, and errors whose words are a
-- library's): the console shows `error`.
ALTER TABLE analyses ADD COLUMN error_message jsonb;
