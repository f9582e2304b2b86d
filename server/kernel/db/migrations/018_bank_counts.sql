-- What the testing centre's pages count in a project's bank, kept by the statements that write it
-- (bank pages within 100 ms at 100,000 messages, and no long statement on the API's
-- thread, where PGlite runs them; docs/decisions/testing-bank-counts.md). Per tag of the bank (''
-- stands for the whole bank) and measure:
--   messages                     the messages;
--   status:<qualification status>;
--   <kind>:qualified             the messages qualified for a classification kind;
--   <kind>:expected              those with expectations of that kind;
-- and, for the whole bank only, category:<name>, the messages expecting that category of the
-- message or of an attachment. A list page of the bank or of one tag reads its total here, the
-- qualification overview its counts and the categories it offers, the test sets their counts:
-- at 100,000 messages each was a scan of the table (80 to 670 ms on PGlite). The kinds are those
-- of schemas/bank-message.schema.ts CLASSIFICATION_KINDS: a new kind needs a migration.
CREATE TABLE bank_counts (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  tag        text NOT NULL,
  measure    text NOT NULL,
  n          integer NOT NULL,
  PRIMARY KEY (project_id, tag, measure)
);

-- The measures of a set of messages (`written`: project_id, tags, qualification_status,
-- qualification, expected, and n, +1 or -1 each), summed per project, tag and measure.
CREATE FUNCTION bank_measures(written_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format(
    'SELECT project_id, tag, measure, sum(n)::int AS n
     FROM (%s) AS written
     CROSS JOIN (SELECT ARRAY[''categories'', ''attachments_categories'', ''extracted_informations'',
                              ''extracted_informations_attachments'', ''rpa''] AS names) AS kinds
     CROSS JOIN LATERAL (
       SELECT t AS tag, m AS measure
       FROM unnest(ARRAY(SELECT DISTINCT x FROM unnest(written.tags) x) || ARRAY['''']) t,
            unnest(ARRAY[''messages'', ''status:'' || written.qualification_status]
                   || ARRAY(SELECT k || '':qualified'' FROM unnest(kinds.names) k
                            WHERE written.qualification->>k = ''qualified'')
                   || ARRAY(SELECT k || '':expected'' FROM unnest(kinds.names) k
                            WHERE jsonb_typeof(written.expected->k) = ''array''
                              AND jsonb_array_length(written.expected->k) > 0)) m
       UNION ALL
       SELECT DISTINCT '''', ''category:'' || c
       FROM unnest(ARRAY[''categories'', ''attachments_categories'']) k,
            jsonb_array_elements_text(CASE WHEN jsonb_typeof(written.expected->k) = ''array''
                                           THEN written.expected->k ELSE ''[]'' END) c
     ) AS measured
     GROUP BY project_id, tag, measure HAVING sum(n) <> 0',
    written_sql)
$$;

DO $$
BEGIN
  EXECUTE format('INSERT INTO bank_counts (project_id, tag, measure, n) %s',
    bank_measures('SELECT project_id, tags, qualification_status, qualification, expected, 1 AS n FROM bank_messages'));
END
$$;

-- Once per statement, with the rows it wrote. A project being deleted (its messages go by
-- cascade) is left alone. Keys in order, so that two writers never wait on each other in opposite
-- orders. A measure that falls to 0 keeps its row.
CREATE FUNCTION count_bank_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO bank_counts (project_id, tag, measure, n)
     SELECT d.project_id, d.tag, d.measure, d.n FROM (%s) d
     WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = d.project_id)
     ORDER BY 1, 2, 3
     ON CONFLICT (project_id, tag, measure) DO UPDATE SET n = bank_counts.n + EXCLUDED.n',
    bank_measures(CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT project_id, tags, qualification_status, qualification, expected, 1 AS n FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT project_id, tags, qualification_status, qualification, expected, -1 AS n FROM old_rows'
      ELSE 'SELECT project_id, tags, qualification_status, qualification, expected, -1 AS n FROM old_rows
            UNION ALL SELECT project_id, tags, qualification_status, qualification, expected, 1 FROM new_rows'
    END));
  RETURN NULL;
END
$$;

CREATE TRIGGER bank_messages_counted_in AFTER INSERT ON bank_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_bank_messages();
CREATE TRIGGER bank_messages_counted_again AFTER UPDATE ON bank_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_bank_messages();
CREATE TRIGGER bank_messages_counted_out AFTER DELETE ON bank_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_bank_messages();
