import { CLASSIFICATION_KINDS } from '../../schemas/bank-message.schema';
import type { QualificationOverview } from '../../schemas/contracts/testing';
import type { Queryable } from '../kernel/db';
import type { TestScores } from './campaign';

/** Category names offered when labelling, at most. */
const CATEGORIES_OFFERED = 500;

/**
 * The qualification panel's overview of the bank, or of the messages of `tag`: the counts the bank
 * keeps (migration 018, bank_counts), the classifications in use with the project's configured
 * categories, and the tag's last ended test. Nothing here reads the messages themselves.
 */
export const qualificationOverview = async (
  q: Queryable,
  projectId: string,
  tag: string | null,
): Promise<QualificationOverview> => {
  // Kept per tag and measure by the statements that write the bank (migration 018).
  const measured = await q.query<{ measure: string; n: number }>(
    `SELECT measure, n FROM bank_counts WHERE project_id = $1 AND tag = $2 AND measure NOT LIKE 'category:%'`,
    [projectId, tag ?? ''],
  );
  const kept = new Map(measured.map((m) => [m.measure, m.n]));
  const count = (measure: string) => kept.get(measure) ?? 0;
  const categories = await q.query<{ name: string }>(
    `SELECT name FROM (
       SELECT substr(measure, length('category:') + 1) AS name FROM bank_counts
       WHERE project_id = $1 AND tag = '' AND measure LIKE 'category:%' AND n > 0
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
      qualified: count('status:qualified'),
      partially_qualified: count('status:partially_qualified'),
      not_qualified: count('status:not_qualified'),
    },
    kinds: CLASSIFICATION_KINDS.map((kind) => ({
      kind,
      qualified: count(`${kind}:qualified`),
      withExpectations: count(`${kind}:expected`),
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
