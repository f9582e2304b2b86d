import type { AnalysisResult } from '../../schemas/analysis-result';
import type { ModuleType } from '../../schemas/modules';
import type { PipelineConfig } from './stage';

/** Whether a module runs: in the list, or every module when the configuration has no list. */
export const moduleActive = (config: Pick<PipelineConfig, 'modules'>, type: ModuleType): boolean =>
  !config.modules || config.modules.some((m) => m.type === type);

/**
 * The result as a module reads it (spec pipeline §3, a module's "context"): a module set to an NLU
 * context sees only the interactions found in that context; without one it sees them all.
 */
export const inModuleContext = (
  config: Pick<PipelineConfig, 'modules'>,
  type: ModuleType,
  result: AnalysisResult,
): AnalysisResult => {
  const context = config.modules?.find((m) => m.type === type)?.context;
  if (!context) return result;
  return {
    ...result,
    nlu: { ...result.nlu, interactions: result.nlu.interactions.filter((i) => i.context === context) },
  };
};
