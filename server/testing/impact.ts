import { categorySchema } from '../../schemas/category.schema';
import type { ImpactPreview } from '../../schemas/contracts/testing';
import type { DocumentEdit } from '../analyses/language-config';
import { readPipelineConfig } from '../analyses/pipeline-config';
import type { Queryable } from '../db';
import { ClientError } from '../http/errors';
import { resourceValidator } from '../resources/validation';
import { BASIS_VERSION_SQL, categoriesOf } from './basis';
import { diffScorings, type MessageRef } from './changes';
import { eachItemPage, scoredItem } from './items';
import type { ScoredItem } from './scores';

/**
 * The impact preview (issue 19, beyond the spec): what an unsaved category edit would do to the
 * scores of the environment's last finished test. Each message of that run is categorised again
 * from its basis — the interactions, data and headers its analysis gave, stored with the item — under
 * the configuration as it would be saved; nothing is extracted or analysed again. The same
 * categorisation the pipeline runs decides, so saving the edit and running the test again gives the
 * same figures, as long as nothing else of the configuration changed since the run (`stale`).
 */

const validators = { category: resourceValidator(categorySchema) };

export const previewImpact = async (
  q: Queryable,
  environmentId: string,
  edit: DocumentEdit,
): Promise<ImpactPreview> => {
  const data = structuredClone(edit.data);
  validators[edit.resource as keyof typeof validators].update(data);
  const [test] = await q.query<{
    id: string;
    project_id: string;
    tag: string;
    finished_at: Date;
    stale: boolean;
  }>(
    `SELECT id, project_id, tag, finished_at, basis_version IS DISTINCT FROM ${BASIS_VERSION_SQL} AS stale
     FROM tests WHERE environment_id = $1 AND status = 'success'
     ORDER BY finished_at DESC LIMIT 1`,
    [environmentId],
  );
  const config = await readPipelineConfig(q, environmentId, { ...edit, data });
  if (config.categorisation.advancedTemplate)
    throw new ClientError(
      400,
      'IMPACT_ADVANCED_CATEGORISATION',
      'The advanced categorisation template decides the categories of this environment: its rules cannot be previewed',
    );
  if (!test)
    return {
      test: null,
      stale: false,
      messages: { compared: 0, withoutBasis: 0 },
      kinds: [],
      gained: 0,
      lost: 0,
      changes: [],
    };

  const before: ScoredItem[] = [];
  const after: ScoredItem[] = [];
  const refs = new Map<string, MessageRef>();
  let withoutBasis = 0;
  await eachItemPage(
    q,
    test.id,
    (page) => {
      for (const row of page) {
        if (row.status === 'waiting') continue;
        refs.set(row.message_id, {
          name: row.message_name,
          analysisBefore: row.analysis_id,
          analysisAfter: row.analysis_id,
        });
        before.push(scoredItem(row));
        if (row.status !== 'done' || !row.basis) {
          if (row.status === 'done') withoutBasis++;
          after.push(scoredItem(row));
          continue;
        }
        const now = categoriesOf(config, row.basis);
        after.push(
          scoredItem(row, {
            ...row.detected,
            categories: now.categories,
            attachments_categories: now.attachmentsCategories,
          }),
        );
      }
    },
    { withBasis: true },
  );
  const { changedIds: _changed, ...diff } = await diffScorings(before, after, refs);
  return {
    test: {
      id: test.id,
      projectId: test.project_id,
      tag: test.tag,
      finishedAt: test.finished_at.toISOString(),
    },
    stale: test.stale,
    messages: { compared: before.length - withoutBasis, withoutBasis },
    ...diff,
  };
};
