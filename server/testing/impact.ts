import { archetypeSchema } from '../../schemas/archetype.schema';
import { categorySchema } from '../../schemas/category.schema';
import type { ImpactPreview, ImpactResource } from '../../schemas/contracts/testing';
import { interactionSchema } from '../../schemas/interaction.schema';
import type { DocumentEdit } from '../analyses/language-config';
import { readPipelineConfig } from '../analyses/pipeline-config';
import type { Queryable } from '../kernel/db';
import { ClientError } from '../kernel/http/errors';
import { documentRules } from '../configuration/save-rules';
import type { PipelineConfig } from '../pipeline/stage';
import type { Rescored, StoredAnalysis } from '../pipeline/rescore';
import type { PipelinePool } from '../pipeline-threads/pool';
import { resourceValidator, validationError } from '../resources/validation';
import { BASIS_VERSION_SQL, categoriesOf } from './basis';
import type { DomainRuleApplied } from '../../schemas/contracts/testing';
import { diffScorings, turn, type MessageRef } from './changes';
import { classificationReadings } from './classifications';
import { domainPolicy, domainRulesFor, sameDomainRules } from './domain-rules';
import { eachItemPage, scoredItem, type ItemRow } from './items';
import type { Expectations } from './labels';
import type { ScoredItem } from './scores';

/**
 * The impact preview (beyond the spec, docs/decisions/testing-impact-preview.md): what an unsaved
 * edit of a category, an archetype or an interaction would do to the scores of the environment's
 * last finished test, under that run's domain rules. Nothing is read again from the files:
 * - a category edit categorises each message again from its basis — the interactions, data and
 *   headers its analysis gave, stored with the item — on this thread (fast: no NLU);
 * - an archetype or interaction edit runs the NLU, the categorisation and the information
 *   extraction again in the pipeline threads, from the extraction each analysis stored.
 * The same stages the pipeline runs decide, so saving the edit and running the test again gives
 * the same figures, as long as nothing else of the configuration changed since the run (`stale`).
 */

const validators = {
  category: resourceValidator(categorySchema),
  archetype: resourceValidator(archetypeSchema),
  interaction: resourceValidator(interactionSchema),
} satisfies Record<ImpactResource, unknown>;

/** Messages categorised again between two turns of the event loop. */
const RECATEGORISED = 100;

/** Analyses sent to a pipeline thread at once, and chunks in flight (one per thread). */
const RESCORE_CHUNK = 100;
const RESCORE_BYTES = 4 * 1_048_576;
const RESCORE_PARALLEL = 2;
const RESCORE_LIMIT = {
  ms: 60_000,
  message: 'Running the NLU again on the last test took longer than 60 s',
};

/** What an analysis detected, per kind, as testing/campaign.ts collects it (DETECTED_SQL). */
const detectedOf = (r: Rescored): Expectations => {
  const fields = (attachments: boolean) =>
    r.extractedData
      .filter((d) => (typeof d.span?.source === 'number') === attachments)
      .map((d) => ({ name: d.name, value: d.value }));
  return {
    categories: [...new Set(r.categories.map((c) => c.name))],
    attachments_categories: [...new Set(r.attachmentsCategories.map((c) => c.name))],
    extracted_informations: fields(false),
    extracted_informations_attachments: fields(true),
  };
};

/**
 * Each ended item's detections under `config`, NLU included, from its analysis's stored extraction
 * (null: the analysis or its extraction is gone, or it failed then). Chunks go to the pipeline
 * threads side by side; this thread only reads the extractions and posts them.
 */
const rescoreItems = async (
  q: Queryable,
  pipelines: Pick<PipelinePool, 'task'>,
  config: PipelineConfig,
  testId: string,
  rows: ItemRow[],
) => {
  const detected = new Map<string, Expectations>();
  // Each stored result's size (as stored, compressed; read without loading it): a chunk holds at
  // most RESCORE_CHUNK analyses and RESCORE_BYTES of them, so that a run of large documents is
  // never read whole into this process.
  const sizes = new Map(
    (
      await q.query<{ message_id: string; size: number }>(
        `SELECT i.message_id, pg_column_size(a.result)::int AS size
         FROM test_items i JOIN analyses a ON a.id = i.analysis_id WHERE i.test_id = $1 AND i.status = 'done'`,
        [testId],
      )
    ).map((r) => [r.message_id, r.size]),
  );
  const chunks: ItemRow[][] = [];
  let chunk: ItemRow[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = sizes.get(row.message_id);
    if (row.status !== 'done' || size === undefined) continue;
    if (chunk.length > 0 && (chunk.length === RESCORE_CHUNK || bytes + size > RESCORE_BYTES)) {
      chunks.push(chunk);
      [chunk, bytes] = [[], 0];
    }
    chunk.push(row);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  const runChunk = async (part: ItemRow[]) => {
    const stored = await q.query<StoredAnalysis & { message_id: string } & Record<string, unknown>>(
      `SELECT i.message_id, a.id::text AS id, a.input_type = 'text' AS text, x.extraction
       FROM test_items i JOIN analyses a ON a.id = i.analysis_id
       -- Out of the result (json) once: OFFSET 0 keeps the planner from copying it into each use.
       CROSS JOIN LATERAL (SELECT a.result -> 'extraction' AS extraction OFFSET 0) x
       WHERE i.test_id = $1 AND i.message_id = ANY($2::uuid[]) AND json_typeof(x.extraction) = 'object'`,
      [testId, part.map((r) => r.message_id)],
    );
    const messageOf = new Map(stored.map((s) => [s.id, s.message_id]));
    const results = await pipelines.task(
      'rescore',
      [config, stored.map(({ id, text, extraction }) => ({ id, text, extraction }))],
      RESCORE_LIMIT,
    );
    for (const r of results) if (r.status !== 'error') detected.set(messageOf.get(r.id)!, detectedOf(r));
  };
  for (let i = 0; i < chunks.length; i += RESCORE_PARALLEL)
    await Promise.all(chunks.slice(i, i + RESCORE_PARALLEL).map(runChunk));
  return detected;
};

export const previewImpact = async (
  q: Queryable,
  pipelines: Pick<PipelinePool, 'task'>,
  environmentId: string,
  edit: DocumentEdit & { resource: ImpactResource },
): Promise<ImpactPreview> => {
  const data = structuredClone(edit.data);
  validators[edit.resource].update(data);
  // The references the edit makes (a sub-archetype, an archetype of a parameter) must hold, as on save.
  const problems = (await documentRules[edit.resource]?.(q, environmentId, data, edit.id ?? undefined)) ?? [];
  if (problems.length) throw validationError(problems.map((p) => ({ ...p, custom: true })));
  const [test] = await q.query<{
    id: string;
    project_id: string;
    tag: string;
    finished_at: Date;
    domain_rules: DomainRuleApplied[] | null;
    stale: boolean;
  }>(
    `SELECT id, project_id, tag, finished_at, domain_rules,
            basis_version IS DISTINCT FROM ${BASIS_VERSION_SQL} AS stale
     FROM tests WHERE environment_id = $1 AND status = 'success'
     ORDER BY finished_at DESC LIMIT 1`,
    [environmentId],
  );
  const config = await readPipelineConfig(q, environmentId, { ...edit, data });
  const nlu = edit.resource !== 'category';
  // An NLU edit runs the categorisation stage itself, template included; a rule edit cannot apply.
  if (!nlu && config.categorisation.advancedTemplate)
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
  /** An NLU edit's items, run again once all are read; a rule edit's are categorised page by page. */
  const rerun: ItemRow[] = [];
  let withoutBasis = 0;
  await eachItemPage(
    q,
    test.id,
    async (page) => {
      for (const [index, row] of page.entries()) {
        if (row.status === 'waiting') continue;
        refs.set(row.message_id, {
          name: row.message_name,
          analysisBefore: row.analysis_id,
          analysisAfter: row.analysis_id,
        });
        before.push(scoredItem(row));
        if (nlu) {
          rerun.push(row);
          continue;
        }
        // Categorising again takes about 0.1 ms a message: a turn of the loop every RECATEGORISED.
        if (index > 0 && index % RECATEGORISED === 0) await turn();
        const now = recategorised(config, row);
        if (row.status === 'done' && !now) withoutBasis++;
        after.push(now ? scoredItem(row, now) : scoredItem(row));
      }
    },
    // The bases stay with their page: 10,000 of them kept at once cost the loop long collections.
    { withBasis: !nlu },
  );
  if (nlu) {
    const rescored = await rescoreItems(q, pipelines, config, test.id, rerun);
    for (const row of rerun) {
      const now = rescored.get(row.message_id);
      if (row.status === 'done' && !now) withoutBasis++;
      after.push(now ? scoredItem(row, now) : scoredItem(row));
    }
  }
  // The run's own domain rules score both sides; rules edited since make a new run differ (stale).
  const rules = test.domain_rules ?? [];
  const domain = domainPolicy(rules);
  const { changedIds: _changed, ...diff } = await diffScorings(
    before,
    after,
    refs,
    { before: domain, after: domain },
    await classificationReadings(q, test.project_id),
  );
  const rulesMoved = !sameDomainRules(await domainRulesFor(q, environmentId), rules);
  return {
    test: {
      id: test.id,
      projectId: test.project_id,
      tag: test.tag,
      finishedAt: test.finished_at.toISOString(),
    },
    stale: test.stale || rulesMoved,
    messages: { compared: before.length - withoutBasis, withoutBasis },
    ...diff,
  };
};

/** A done item's detections with its categories decided again from its basis. */
const recategorised = (config: PipelineConfig, row: ItemRow): Expectations | null => {
  if (row.status !== 'done' || !row.basis) return null;
  const now = categoriesOf(config, row.basis);
  return { ...row.detected, categories: now.categories, attachments_categories: now.attachmentsCategories };
};
