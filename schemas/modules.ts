import { DETAIL_MESSAGES_EN, fieldProblem, fillTemplate, type FieldProblem } from './detail-messages';

/**
 * The modules of an environment's pipeline (spec pipeline §3 "Module", §4 "Module", DESIGN.md
 * §6 "Modules"): an ordered list, stored in the environment's settings so that it travels with
 * export, import and versions. A module is active when it is in the list; the engine runs the
 * active ones in their order. Each type runs one trace step (MODULE_STEPS).
 */
export const MODULE_TYPES = [
  'extractor',
  'nlu',
  'categorization',
  'ocrDataExtraction',
  'postProcessing',
  'visionEngine',
  'extraction',
  'replyTemplate',
  'consolidation',
  'output',
] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];

/** The trace step each module runs: its own name, but for the output module's delivery. */
export const MODULE_STEPS = {
  extractor: 'extractor',
  nlu: 'nlu',
  categorization: 'categorization',
  ocrDataExtraction: 'ocrDataExtraction',
  postProcessing: 'postProcessing',
  visionEngine: 'visionEngine',
  extraction: 'extraction',
  replyTemplate: 'replyTemplate',
  consolidation: 'consolidation',
  output: 'outputDelivery',
} as const satisfies Record<ModuleType, string>;
export type ModuleStep = (typeof MODULE_STEPS)[ModuleType];

/** The module that runs a trace step, if a module does. */
export const moduleOfStep = (step: string): ModuleType | undefined =>
  MODULE_TYPES.find((type) => MODULE_STEPS[type] === step);

/** Each type's name in the server's messages (the console has its own, translated). */
export const MODULE_NAMES: Record<ModuleType, string> = {
  extractor: 'extractor',
  nlu: 'NLU',
  categorization: 'categorization',
  ocrDataExtraction: 'OCR data extraction',
  postProcessing: 'post-processing',
  visionEngine: 'vision engine',
  extraction: 'information extraction',
  replyTemplate: 'reply generator',
  consolidation: 'consolidation',
  output: 'output',
};

/**
 * What a module reads: every analysis, or only emails (EML, MSG, simulated mails), documents (any
 * other file) or pasted text. An analysis of another kind skips the module, and says why.
 */
export const MODULE_INPUT_TYPES = ['all', 'email', 'document', 'text'] as const;
export type ModuleInputType = (typeof MODULE_INPUT_TYPES)[number];

/** The modules whose settings page has name, context and input type (spec pipeline §3). */
export const MODULES_WITH_SETTINGS = [
  'categorization',
  'ocrDataExtraction',
  'postProcessing',
  'visionEngine',
  'extraction',
  'consolidation',
  'output',
] as const satisfies readonly ModuleType[];

/** How a taint limits a module: it runs only for analyses with it, or only for those without it. */
export const TAINT_MODES = ['with', 'without'] as const;
export type TaintMode = (typeof TAINT_MODES)[number];

export interface ModuleEntry {
  type: ModuleType;
  /** The name the console shows; the type's own name when empty. */
  name?: string;
  inputType?: ModuleInputType;
  /** An NLU context: the module then reads only the interactions found in it. */
  context?: string;
  /**
   * Taint routing (DESIGN.md §6): a taint the categorisation's rules set; the module runs only for
   * analyses with it (`taintMode` with, the default) or without it. Modules after the
   * categorisation only.
   */
  taint?: string;
  taintMode?: TaintMode;
}

/**
 * The modules a user adds when needed: they do nothing before they are set up (the OCR data
 * extraction's fields, the post-processing's rules, the consolidation's workflow), and the vision
 * engine and the consolidation call a third party (an LLM, a workflow engine).
 */
export const OPT_IN_MODULES: readonly ModuleType[] = [
  'ocrDataExtraction',
  'postProcessing',
  'visionEngine',
  'consolidation',
];

/** A new environment's pipeline: every module but the opt-in ones, in the order the engine needs them. */
export const DEFAULT_MODULES: ModuleEntry[] = MODULE_TYPES.filter(
  (type) => !OPT_IN_MODULES.includes(type),
).map((type) => ({ type }));

/** The schema of `settings.modules`, shared by the environment schema and the modules routes. */
export const moduleEntrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { type: 'string', enum: MODULE_TYPES },
    name: { type: 'string', maxLength: 100 },
    inputType: { type: 'string', enum: MODULE_INPUT_TYPES, default: 'all' },
    context: { type: 'string', maxLength: 100 },
    taint: { type: 'string', maxLength: 100 },
    taintMode: { type: 'string', enum: TAINT_MODES },
  },
} as const;

/**
 * Where each type must stand (spec pipeline §4): the extractor first, the NLU right after it, the
 * output last. The console does not offer to move them.
 */
const PINNED: Partial<Record<ModuleType, 'moduleExtractorFirst' | 'moduleNluSecond' | 'moduleOutputLast'>> = {
  extractor: 'moduleExtractorFirst',
  nlu: 'moduleNluSecond',
  output: 'moduleOutputLast',
};
export const PINNED_MODULES: Partial<Record<ModuleType, string>> = Object.fromEntries(
  Object.entries(PINNED).map(([type, code]) => [type, DETAIL_MESSAGES_EN[code]]),
);

/**
 * A problem of one module by code: `module` its type (the console says its name in the user's
 * language), the English sentence its MODULE_NAMES.
 */
export const moduleProblem = (
  path: string,
  code: 'moduleTwice' | 'moduleTaintTooEarly',
  type: ModuleType,
  extra: Record<string, string> = {},
): FieldProblem => ({
  path,
  message: fillTemplate(DETAIL_MESSAGES_EN[code], { ...extra, module: MODULE_NAMES[type] }),
  code,
  params: { ...extra, module: type },
});

/**
 * The problems of a module list, each on the index of the module it concerns: a type twice, the
 * extractor anywhere but first, the NLU anywhere but right after the extractor (first when there
 * is no extractor), the output anywhere but last.
 */
export const moduleOrderProblems = (modules: readonly ModuleEntry[]): FieldProblem[] => {
  const problems: FieldProblem[] = [];
  const seen = new Set<ModuleType>();
  modules.forEach((m, index) => {
    if (seen.has(m.type)) problems.push(moduleProblem(`modules.${index}`, 'moduleTwice', m.type));
    seen.add(m.type);
  });
  const hasExtractor = modules.some((m) => m.type === 'extractor');
  const expected: Partial<Record<ModuleType, number>> = {
    extractor: 0,
    nlu: hasExtractor ? 1 : 0,
    output: modules.length - 1,
  };
  modules.forEach((m, index) => {
    const place = expected[m.type];
    if (place !== undefined && index !== place)
      problems.push(fieldProblem(`modules.${index}`, PINNED[m.type]!));
  });
  const categorisation = modules.findIndex((m) => m.type === 'categorization');
  modules.forEach((m, index) => {
    if (m.taint && (categorisation < 0 || index < categorisation || m.type === 'categorization'))
      problems.push(moduleProblem(`modules.${index}`, 'moduleTaintTooEarly', m.type, { taint: m.taint }));
  });
  return problems;
};

/** Whether the consolidation is active and runs before the categorization: its labels are then known to the rules. */
export const consolidationRunsFirst = (modules: readonly ModuleEntry[]): boolean => {
  const consolidation = modules.findIndex((m) => m.type === 'consolidation');
  const categorisation = modules.findIndex((m) => m.type === 'categorization');
  return consolidation >= 0 && (categorisation < 0 || consolidation < categorisation);
};

/**
 * The list with `type` added where it belongs: pinned types at their place, the others after
 * every module that comes before them in MODULE_TYPES.
 */
export const withModule = (modules: readonly ModuleEntry[], entry: ModuleEntry): ModuleEntry[] => {
  const rank = MODULE_TYPES.indexOf(entry.type);
  const list = modules.filter((m) => m.type !== entry.type);
  const index = list.findIndex((m) => MODULE_TYPES.indexOf(m.type) > rank);
  list.splice(index === -1 ? list.length : index, 0, entry);
  return list;
};

/** Whether an analysis of this kind is read by a module of this input type. */
export const readsInput = (inputType: ModuleInputType | undefined, kind: Exclude<ModuleInputType, 'all'>) =>
  !inputType || inputType === 'all' || inputType === kind;
