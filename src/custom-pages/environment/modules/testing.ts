/**
 * Fixtures of the modules pages' tests: module views and list answers shaped as the platform
 * answers them. Only tests import this file.
 */
import type { ModuleView } from '../../../../schemas/contracts/modules';
import { DEFAULT_OUTPUT } from '../../../../schemas/output';
import { json } from '../../../test/fakeApi';
import type { LlmEndpoint } from './VisionSettingsForm';

/** A deployment with an LLM endpoint (LLM_BASE_URL, LLM_MODEL set). */
export const LLM: LlmEndpoint = { configured: true, model: 'gpt-4o-mini' };

export const moduleView = (
  type: ModuleView['type'],
  active = true,
  extra: Partial<ModuleView> = {},
): ModuleView => ({
  type,
  active,
  name: '',
  inputType: 'all',
  context: '',
  taint: '',
  taintMode: 'with',
  configuration: type === 'categorization' ? [{ resource: 'category', count: 3 }] : [],
  ...extra,
});

/** A new environment's pipeline: every module but the opt-in ones, which are offered to add. */
export const defaultPipeline = [
  moduleView('extractor'),
  moduleView('nlu'),
  moduleView('categorization', true, { inputType: 'email', context: 'claims' }),
  moduleView('extraction'),
  moduleView('replyTemplate'),
  moduleView('output', true, { output: DEFAULT_OUTPUT }),
  moduleView('visionEngine', false),
  moduleView('ocrDataExtraction', false),
  moduleView('postProcessing', false),
  moduleView('consolidation', false),
];

/** The answer of every modules call: the list, and whether the deployment has an LLM and a workflow engine. */
export const moduleList = (
  modules: ModuleView[],
  llm: LlmEndpoint = LLM,
  extra: Record<string, unknown> = {},
) => json({ modules, llm, workflow: { configured: true }, ...extra });
