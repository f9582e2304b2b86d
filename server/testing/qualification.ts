import { CLASSIFICATION_KINDS } from '../../schemas/bank-message.schema';
import type { QualificationOverview } from '../../schemas/contracts/testing';
import type { Queryable } from '../db';
import type { TestScores } from './campaign';

/** Category names offered when labelling, at most. */
const CATEGORIES_OFFERED = 500;

/**
 * The qualification panel's overview of the bank, or of the messages of `tag`: one scan of the
 * messages for the counts, the classifications in use with the project's configured categories,
 * and the tag's last ended test.
 */
export const qualificationOverview = async (
  q: Queryable,
  projectId: string,
  tag: string | null,
): Promise<QualificationOverview> => {
  const [counts] = await q.query<Record<string, number>>(
    `SELECT ${[
      ...['qualified', 'partially_qualified', 'not_qualified'].map(
        (s) => `count(*) FILTER (WHERE qualification_status = '${s}')::int AS "${s}"`,
      ),
      ...CLASSIFICATION_KINDS.flatMap((k) => [
        `count(*) FILTER (WHERE qualification->>'${k}' = 'qualified')::int AS "${k}:qualified"`,
        `count(*) FILTER (WHERE jsonb_array_length(COALESCE(expected->'${k}', '[]')) > 0)::int AS "${k}:expected"`,
      ]),
    ].join(', ')}
     FROM bank_messages WHERE project_id = $1 AND ($2::text IS NULL OR tags && ARRAY[$2])`,
    [projectId, tag],
  );
  const categories = await q.query<{ name: string }>(
    `SELECT name FROM (
       SELECT jsonb_array_elements_text(expected->'categories') AS name FROM bank_messages WHERE project_id = $1
       UNION SELECT jsonb_array_elements_text(expected->'attachments_categories') FROM bank_messages WHERE project_id = $1
       UNION SELECT d.data->>'name' FROM resource_documents d JOIN environments e ON e.id = d.scope_id
             WHERE d.scope = 'environment' AND d.resource = 'category' AND e.project_id = $1
       UNION SELECT settings->>'defaultCategory' FROM environments WHERE project_id = $1
     ) names WHERE name IS NOT NULL ORDER BY name LIMIT ${CATEGORIES_OFFERED}`,
    [projectId],
  );
  const [last] = tag
    ? await q.query<{ id: string; status: string; finished_at: Date | null; scores: TestScores | null }>(
        `SELECT id, status, finished_at, scores FROM tests
         WHERE project_id = $1 AND tag = $2 AND status <> 'running' ORDER BY created_at DESC LIMIT 1`,
        [projectId, tag],
      )
    : [];
  return {
    statuses: {
      qualified: counts.qualified,
      partially_qualified: counts.partially_qualified,
      not_qualified: counts.not_qualified,
    },
    kinds: CLASSIFICATION_KINDS.map((kind) => ({
      kind,
      qualified: counts[`${kind}:qualified`],
      withExpectations: counts[`${kind}:expected`],
    })),
    categories: categories.map((c) => c.name),
    lastTest: last
      ? {
          id: last.id,
          status: last.status as 'success' | 'error' | 'timeout',
          finishedAt: last.finished_at?.toISOString() ?? null,
          kinds: (last.scores?.kinds ?? []).map((k) => ({ kind: k.kind, micro: k.micro })),
        }
      : null,
  };
};
