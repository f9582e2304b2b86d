import { fieldProblem } from '../../schemas/detail-messages';
import {
  consolidationRunsFirst,
  DEFAULT_MODULES,
  MODULE_TYPES,
  moduleOrderProblems,
  type ModuleEntry,
  type ModuleType,
} from '../../schemas/modules';
import { DEFAULT_OUTPUT } from '../../schemas/output';
import { DEFAULT_CONSOLIDATION } from '../../schemas/consolidation';
import { DEFAULT_OCR_DATA } from '../../schemas/ocr-data';
import { DEFAULT_POST_PROCESSING } from '../../schemas/post-processing';
import { DEFAULT_VISION } from '../../schemas/vision';
import { first, type Queryable } from '../kernel/db';
import { validationError } from '../resources/validation';
import { rulesUsingConsolidation } from '../pipeline/categorisation/criteria';
import { environmentDocuments } from './documents';

/**
 * What each module's configuration is made of (spec pipeline §4: "deactivating deletes all of the
 * module's configuration, including categories and rules for categorization"): its document
 * resources, the environment settings it owns (reset to these values), and for the extractor its
 * settings document.
 */
export const MODULE_CONFIGURATION: Record<
  ModuleType,
  { resources: string[]; settings?: Record<string, unknown>; extractorSettings?: true }
> = {
  extractor: { resources: [], extractorSettings: true },
  nlu: { resources: ['archetype', 'interaction', 'interaction-function', 'nlu-context', 'nlu-server'] },
  categorization: {
    resources: ['category'],
    settings: {
      defaultCategory: '',
      defaultAttachmentCategory: '',
      advancedCategorisation: false,
      categorisationTemplate: '',
    },
  },
  ocrDataExtraction: { resources: [], settings: { ocrData: DEFAULT_OCR_DATA } },
  postProcessing: { resources: [], settings: { postProcessing: DEFAULT_POST_PROCESSING } },
  visionEngine: { resources: [], settings: { vision: DEFAULT_VISION } },
  extraction: { resources: ['extraction-field'] },
  replyTemplate: { resources: ['reply-template'] },
  consolidation: { resources: [], settings: { consolidation: DEFAULT_CONSOLIDATION } },
  output: { resources: [], settings: { output: DEFAULT_OUTPUT } },
};

const isModule = (v: unknown): v is ModuleEntry =>
  typeof v === 'object' && v !== null && MODULE_TYPES.includes((v as ModuleEntry).type);

/**
 * The modules of an environment's settings. An environment that never saved its list has them all,
 * but an extractor switched off on its settings page before modules existed stays off.
 */
export const modulesOf = (
  settings: Record<string, unknown>,
  extractor?: { enabled?: unknown } | null,
): ModuleEntry[] =>
  Array.isArray(settings.modules)
    ? settings.modules.filter(isModule)
    : DEFAULT_MODULES.filter((m) => m.type !== 'extractor' || extractor?.enabled !== false);

/** An environment's settings and its extractor's settings document: what its pipeline starts from. */
export const readSettingsRow = async (q: Queryable, environmentId: string) =>
  first(
    q.query<{ settings: Record<string, unknown> | null; extractor: Record<string, unknown> | null }>(
      `SELECT e.settings, x.settings AS extractor FROM environments e
       LEFT JOIN extractor_settings x ON x.environment_id = e.id WHERE e.id = $1`,
      [environmentId],
    ),
  );

export const readModules = async (q: Queryable, environmentId: string): Promise<ModuleEntry[]> => {
  const row = await readSettingsRow(q, environmentId);
  return modulesOf(row?.settings ?? {}, row?.extractor);
};

/** The categories whose rules test the consolidation's labels, by name. */
const categoriesTestingConsolidation = async (q: Queryable, environmentId: string) =>
  (await environmentDocuments(q, environmentId, 'category'))
    .filter(({ data }) => rulesUsingConsolidation(data.rules).length > 0)
    .map(({ data }) => String(data.name));

/**
 * Saves the list, refused (400, each problem on its module) when its order breaks spec §4, or when
 * category rules test the consolidation's labels and it would no longer run before the
 * categorization (referential integrity: such a rule could never hold).
 */
export const writeModules = async (
  q: Queryable,
  environmentId: string,
  modules: ModuleEntry[],
  extraSettings: Record<string, unknown> = {},
): Promise<void> => {
  const problems = moduleOrderProblems(modules);
  if (!consolidationRunsFirst(modules)) {
    const categories = await categoriesTestingConsolidation(q, environmentId);
    const at = Math.max(
      modules.findIndex((m) => m.type === 'consolidation'),
      modules.findIndex((m) => m.type === 'categorization'),
    );
    if (categories.length)
      problems.push(
        fieldProblem(at >= 0 ? `modules.${at}` : 'modules', 'moduleConsolidationNeeded', {
          categories: categories.map((c) => `'${c}'`).join(', '),
        }),
      );
  }
  if (problems.length) throw validationError(problems.map((p) => ({ ...p, custom: true, keyword: 'order' })));
  await q.query(
    `UPDATE environments SET settings = coalesce(settings, '{}'::jsonb) || $2::jsonb WHERE id = $1`,
    [environmentId, JSON.stringify({ ...extraSettings, modules })],
  );
};

/** How many entities of each resource a module's configuration holds: what deactivating deletes. */
export const configurationCounts = async (
  q: Queryable,
  environmentId: string,
): Promise<Record<ModuleType, { resource: string; count: number }[]>> => {
  const rows = await q.query<{ resource: string; count: number }>(
    `SELECT resource, count(*)::int AS count FROM resource_documents
     WHERE scope = 'environment' AND scope_id = $1 GROUP BY resource`,
    [environmentId],
  );
  const counts = new Map(rows.map((r) => [r.resource, r.count]));
  return Object.fromEntries(
    MODULE_TYPES.map((type) => [
      type,
      MODULE_CONFIGURATION[type].resources.map((resource) => ({
        resource,
        count: counts.get(resource) ?? 0,
      })),
    ]),
  ) as Record<ModuleType, { resource: string; count: number }[]>;
};

/**
 * Takes a module out of the pipeline and deletes its configuration, in the caller's transaction.
 * Answers what was deleted, by resource.
 */
export const deactivateModule = async (
  q: Queryable,
  environmentId: string,
  type: ModuleType,
): Promise<{ resource: string; count: number }[]> => {
  const own = MODULE_CONFIGURATION[type];
  const deleted = own.resources.length
    ? await q.query<{ resource: string; count: number }>(
        `WITH gone AS (
           DELETE FROM resource_documents
           WHERE scope = 'environment' AND scope_id = $1 AND resource = ANY($2::text[])
           RETURNING resource)
         SELECT resource, count(*)::int AS count FROM gone GROUP BY resource`,
        [environmentId, own.resources],
      )
    : [];
  if (own.extractorSettings)
    await q.query('DELETE FROM extractor_settings WHERE environment_id = $1', [environmentId]);
  const modules = (await readModules(q, environmentId)).filter((m) => m.type !== type);
  await writeModules(q, environmentId, modules, own.settings);
  return own.resources.map((resource) => ({
    resource,
    count: deleted.find((d) => d.resource === resource)?.count ?? 0,
  }));
};
