/**
 * The modules page's data beside its routes (modules-routes.ts): each module type as the page shows
 * it, and the checks of a module's settings against its environment.
 */
import type { ModuleView } from '../../schemas/contracts/modules';
import {
  MODULE_TYPES,
  type ModuleEntry,
  type ModuleInputType,
  type ModuleType,
  type TaintMode,
} from '../../schemas/modules';
import { configurationCounts, modulesOf, readSettingsRow } from './modules';
import { outputSettingsOf, type OutputSettings } from '../../schemas/output';
import { consolidationSettingsOf, type ConsolidationSettings } from '../../schemas/consolidation';
import { ocrDataProblems, ocrDataSettingsOf, type OcrDataSettings } from '../../schemas/ocr-data';
import { regexRefusal } from '../pipeline/nlu/regex-safety';
import {
  postProcessingProblems,
  postProcessingSettingsOf,
  type PostProcessingSettings,
} from '../../schemas/post-processing';
import { ruleTemplateChecks } from '../pipeline/post-processing/check';
import { visionSettingsOf, type VisionSettings } from '../../schemas/vision';
import type { Queryable } from '../kernel/db';
import { environmentDocuments } from './documents';
import type { CategoryDef } from '../pipeline/categorisation/model';
import { inputTypeProblems } from '../pipeline/categorisation/input-types';
import type { FieldError } from '../resources/validation';
import { fieldProblem } from '../../schemas/detail-messages';

/** What a module update may change. */
export type Patch = {
  name?: string;
  inputType?: ModuleInputType;
  context?: string;
  taint?: string;
  taintMode?: TaintMode;
  output?: OutputSettings;
  vision?: VisionSettings;
  ocrData?: OcrDataSettings;
  postProcessing?: PostProcessingSettings;
  consolidation?: ConsolidationSettings;
};
/** The settings a module keeps beside its list entry, written with it. */
export type OwnSettings = Pick<Patch, 'output' | 'vision' | 'ocrData' | 'postProcessing' | 'consolidation'>;

/** Every module type, the active ones first in their order, with what each configuration holds. */
export const moduleViews = async (q: Queryable, environmentId: string): Promise<ModuleView[]> => {
  const [row, counts] = await Promise.all([
    readSettingsRow(q, environmentId),
    configurationCounts(q, environmentId),
  ]);
  const settings = row?.settings ?? {};
  const modules = modulesOf(settings, row?.extractor);
  const view = (m: ModuleEntry, active: boolean): ModuleView => ({
    type: m.type,
    active,
    name: m.name ?? '',
    inputType: m.inputType ?? 'all',
    context: m.context ?? '',
    taint: m.taint ?? '',
    taintMode: m.taintMode ?? 'with',
    configuration: counts[m.type],
    ...(m.type === 'output' ? { output: outputSettingsOf(settings.output) } : {}),
    ...(m.type === 'visionEngine' ? { vision: visionSettingsOf(settings.vision) } : {}),
    ...(m.type === 'ocrDataExtraction' ? { ocrData: ocrDataSettingsOf(settings.ocrData) } : {}),
    ...(m.type === 'postProcessing'
      ? { postProcessing: postProcessingSettingsOf(settings.postProcessing) }
      : {}),
    ...(m.type === 'consolidation' ? { consolidation: consolidationSettingsOf(settings.consolidation) } : {}),
  });
  return [
    ...modules.map((m) => view(m, true)),
    ...MODULE_TYPES.filter((t) => !modules.some((m) => m.type === t)).map((type) => view({ type }, false)),
  ];
};

/** A module's settings, checked against the environment (spec pipeline §5), each problem on its field. */
export const settingsProblems = async (
  q: Queryable,
  environmentId: string,
  type: ModuleType,
  patch: Patch,
) => {
  const problems: FieldError[] = [];
  if (patch.context) {
    const contexts = await environmentDocuments(q, environmentId, 'nlu-context');
    if (!contexts.some((c) => c.data.name === patch.context))
      problems.push(fieldProblem('context', 'contextUnknown', { name: patch.context }));
  }
  if (patch.ocrData) {
    const categories = (await environmentDocuments(q, environmentId, 'category')).map((d) =>
      String(d.data.name),
    );
    for (const p of ocrDataProblems(patch.ocrData, (s) => regexRefusal(s, 'iu'), categories))
      problems.push({ path: `ocrData.${p.path}`, message: p.message, keyword: p.code });
  }
  if (patch.postProcessing) {
    const categories = (await environmentDocuments(q, environmentId, 'category'))
      .filter((d) => d.data.kind !== 'attachment')
      .map((d) => String(d.data.name));
    for (const { path, message, code, ...params } of postProcessingProblems(
      patch.postProcessing,
      ruleTemplateChecks,
      categories,
    ))
      problems.push({ path: `postProcessing.${path}`, message, keyword: code, params });
  }
  if (type === 'categorization' && patch.inputType) {
    const categories = (await environmentDocuments(q, environmentId, 'category')).map(
      (d) => ({ ...d.data, rules: d.data.rules ?? [] }) as CategoryDef,
    );
    for (const p of inputTypeProblems(patch.inputType, categories))
      problems.push({ path: 'inputType', message: p.message, code: p.code, params: p.params });
  }
  return problems;
};
