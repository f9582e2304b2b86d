import { randomUUID } from 'node:crypto';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import type { Kernel } from '../kernel/plugins/kernel';
import { queues } from '../kernel/queue';
import { forgetAccessKeys } from '../kernel/access/access-keys';
import { environmentSchema, MODULE_PAGE_SETTINGS } from '../../schemas/environment.schema';
import { moduleOrderProblems, type ModuleEntry } from '../../schemas/modules';
import { SETTINGS } from './settings';
import type { ClientError } from '../kernel/http/errors';
import { consolidationProblems, consolidationSettingsOf } from '../../schemas/consolidation';
import { ocrDataProblems, ocrDataSettingsOf, type OcrDataProblem } from '../../schemas/ocr-data';
import { postProcessingProblems, postProcessingSettingsOf } from '../../schemas/post-processing';
import { ruleTemplateChecks } from '../pipeline/post-processing/check';
import { regexRefusal } from '../pipeline/nlu/regex-safety';
import { visionProblems, visionSettingsOf } from '../../schemas/vision';
import { resourceValidator, validationError, type FieldError } from '../resources/validation';
import { templateErrorDetail } from '../templates/problems';
import { parse, TemplateError } from '../templates/twig';
import {
  codedProblem,
  fieldProblem,
  type FieldProblem,
  type NestedDetail,
} from '../../schemas/detail-messages';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ResourceStore } from '../resources/store';

const setting = (name: keyof typeof SETTINGS) => {
  const fallback = SETTINGS[name];
  if (typeof fallback === 'boolean') return `coalesce((e.settings->>'${name}')::boolean, ${fallback})`;
  if (typeof fallback === 'string') return `coalesce(e.settings->>'${name}', '${fallback}')`;
  if (typeof fallback === 'number') return `coalesce((e.settings->>'${name}')::int, ${fallback})`;
  return `coalesce(e.settings->'${name}', '${JSON.stringify(fallback)}'::jsonb)`;
};

const columns = {
  id: 'e.id',
  projectId: 'e.project_id',
  name: 'e.name',
  visibility: 'e.visibility',
  createdAt: 'e.created_at',
  ...Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, setting(name as keyof typeof SETTINGS)])),
};

const EXCLUSIVE_MODES = {
  ...fieldProblem('productionMode', 'modesExclusive'),
  custom: true,
  keyword: 'exclusive',
};

/**
 * The advanced categorisation template's first syntax error, with its line (spec pipeline §5), by
 * code (schemas/detail-messages.ts): a parse error (templates/problems.ts templateErrorDetail) or
 * `advancedCategorisationInclude`.
 */
const templateProblem = (template: unknown): FieldProblem | undefined => {
  if (typeof template !== 'string' || !template.trim()) return undefined;
  try {
    // It renders alone (server/pipeline/categorisation/advanced.ts): there is nothing to include.
    const [include] = parse(template).includes;
    if (include)
      return fieldProblem('categorisationTemplate', 'advancedCategorisationInclude', {
        line: include.line,
        name: include.name,
      });
    return undefined;
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    return codedProblem('categorisationTemplate', templateErrorDetail(err));
  }
};

/** A module setting's problem as an import refuses it: its English words, its code and params. */
const coded = (path: string, message: string, detail: NestedDetail | undefined): FieldError => ({
  path,
  message,
  ...detail,
});

/** A key that is not a plain name, or declared twice (the vision engine's, OCR data's, a rule's). */
const keyDetail = (code: 'badKey' | 'duplicateKey', key: string): NestedDetail => ({
  code: code === 'badKey' ? 'settingsKeyInvalid' : 'settingsKeyTwice',
  params: { key },
});

/** An OCR data field's problem by code; its pattern's refusal (a regex* code) is said inside. */
const ocrDataDetail = (p: OcrDataProblem): NestedDetail | undefined => {
  switch (p.code) {
    case 'badKey':
    case 'duplicateKey':
      return keyDetail(p.code, p.key);
    case 'anchorsRequired':
      return { code: 'settingsAnchorRequired', params: { key: p.key } };
    case 'badPattern':
      return { code: 'settingsPatternRefused', params: { key: p.key, reason: p.refusal } };
    default:
      // The environment's categories are not checked on import; fieldsRequired is not refused.
      return undefined;
  }
};

/**
 * The problems of a settings document (an imported configuration's): the environment schema's
 * rules for each setting, unknown settings refused, the two modes never both on.
 */
export const settingsProblems = (() => {
  let validator: ReturnType<typeof resourceValidator> | undefined;
  return (settings: Record<string, unknown>): FieldError[] => {
    validator ??= resourceValidator({
      ...environmentSchema,
      $id: 'environment-settings',
      required: [],
      properties: Object.fromEntries(
        Object.keys(SETTINGS).map((name) => [
          name,
          environmentSchema.properties[name as keyof typeof SETTINGS],
        ]),
      ),
    } as unknown as ResourceSchema);
    const problems: FieldError[] = [];
    try {
      validator.update({ ...settings });
    } catch (err) {
      problems.push(...(((err as ClientError).extra.details ?? []) as FieldError[]));
    }
    if (settings.debugMode === true && settings.productionMode === true)
      problems.push(fieldProblem(EXCLUSIVE_MODES.path, 'modesExclusive'));
    const template = templateProblem(settings.categorisationTemplate);
    if (template) problems.push(template);
    if (Array.isArray(settings.modules))
      problems.push(...moduleOrderProblems(settings.modules as ModuleEntry[]));
    // Keys the model could not answer, or twice the same: a vision engine not yet set up (no
    // prompt, no key) is a state the modules page leaves too, and its step is skipped.
    if (settings.vision)
      for (const p of visionProblems(visionSettingsOf(settings.vision)))
        if (p.code === 'badKey' || p.code === 'duplicateKey')
          problems.push(coded(`vision.${p.path}`, p.message, keyDetail(p.code, p.key)));
    // Likewise an OCR data extraction without fields yet; but never a key, anchor or pattern it cannot use.
    if (settings.ocrData)
      for (const p of ocrDataProblems(ocrDataSettingsOf(settings.ocrData), (s) => regexRefusal(s, 'iu')))
        if (p.code !== 'fieldsRequired')
          problems.push(coded(`ocrData.${p.path}`, p.message, ocrDataDetail(p)));
    // Rules not yet named or aimed are a state the settings page leaves; templates it cannot read are not.
    if (settings.postProcessing)
      for (const p of postProcessingProblems(
        postProcessingSettingsOf(settings.postProcessing),
        ruleTemplateChecks,
      ))
        if (p.code === 'badCondition' || p.code === 'badValue')
          // The template's problem by code (its line, the engine's words as a detail): the path names the rule.
          problems.push({ path: `postProcessing.${p.path}`, message: p.message, ...p.reason });
        else if (p.code === 'badKey')
          problems.push(coded(`postProcessing.${p.path}`, p.message, keyDetail(p.code, p.key)));
    if (settings.consolidation)
      for (const p of consolidationProblems(consolidationSettingsOf(settings.consolidation)))
        if (p.code === 'badWorkflowId')
          problems.push(
            coded(`consolidation.${p.path}`, p.message, {
              code: 'settingsWorkflowIdInvalid',
              params: { workflowId: p.workflowId },
            }),
          );
    return problems;
  };
})();

/** The settings of a record as written, defaults for what it leaves out. */
const settingsOf = (data: Record<string, unknown>) => {
  // MODULE_PAGE_SETTINGS are read-only here: the modules pages' calls (and imports) write them.
  const settings = Object.fromEntries(
    Object.entries(SETTINGS)
      .filter(([name]) => !(MODULE_PAGE_SETTINGS as readonly string[]).includes(name))
      .map(([name, fallback]) => [name, data[name] ?? fallback]),
  );
  // Spec §4: never both. Said on the field the user switched last in the settings form.
  if (settings.debugMode === true && settings.productionMode === true)
    throw validationError([EXCLUSIVE_MODES]);
  const template = templateProblem(settings.categorisationTemplate);
  if (template) throw validationError([{ ...template, custom: true, keyword: 'twig' }]);
  return JSON.stringify(settings);
};

/**
 * Environments of a project. Hidden ones exist for configurators only (spec §4): below that level
 * they are neither listed nor found. Deletion is asynchronous (spec §4). Names are unique per project, whatever their case (the
 * table's unique index backs the schema's rule).
 */
export const environmentsStore = (schema: ResourceSchema, kernel: Kernel): ResourceStore => {
  const { reread, ...reads } = sqlReads({
    schema,
    from: 'environments e',
    select: selectOf(columns),
    idExpr: 'e.id',
    scopeExpr: 'e.project_id',
    // An environment whose deletion was requested is gone for every reader already.
    where: () => 'e.deletion_requested_at IS NULL',
    fields: columns,
  });
  return {
    ...reads,
    restrict: ({ projectLevel }) =>
      projectLevel === 'configurator' ? undefined : { visibility: ['public'] },
    create: async (q, ctx, data) => {
      const id = randomUUID();
      await q.query(
        `INSERT INTO environments (id, project_id, name, visibility, settings)
         VALUES ($1, $2, $3, $4, $5::jsonb)`,
        [id, ctx.scopeId, data.name, data.visibility, settingsOf(data)],
      );
      return reread(q, id);
    },
    update: async (q, _ctx, before, data) => {
      await q.query(
        `UPDATE environments SET name = $2, visibility = $3, settings = settings || $4::jsonb WHERE id = $1`,
        [before.id, data.name, data.visibility, settingsOf(data)],
      );
      return reread(q, before.id);
    },
    /** Recorded now, done by the queue a few seconds later (environments/deletion.ts). */
    delete: async (q, _ctx, before) => {
      await q.query('UPDATE environments SET deletion_requested_at = now() WHERE id = $1', [before.id]);
      forgetAccessKeys();
      await kernel.queue.send(q, queues.environmentDeletion, { environmentId: before.id });
    },
  };
};
