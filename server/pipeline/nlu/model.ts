import type { INTERACTION_FUNCTIONS } from '../../../schemas/interaction-function.schema';

/**
 * The NLU configuration as the engine reads it: the environment's archetypes, interactions,
 * interaction functions, contexts and servers (their resource schemas in schemas/ hold the same
 * fields). Entities refer to one another by name, the way configurators write them.
 */

export interface ArchetypeExpression {
  type: 'term' | 'regex';
  value: string;
  /** A term matched without typo tolerance. */
  exact?: boolean;
  /** Regular-expression flags among i, u, s, m. */
  flags?: string;
}

export interface ArchetypeDef {
  name: string;
  expressions: ArchetypeExpression[];
  /** Names of archetypes (or built-in archetypes) whose matches this one also matches. */
  subArchetypes: string[];
}

export interface InteractionParameterDef {
  position: number;
  name: string;
  archetype: string;
  optional?: boolean;
  multiple?: boolean;
  resetConversation?: boolean;
}

export interface InteractionDef {
  name: string;
  comment?: string;
  enabled: boolean;
  ordered: boolean;
  /** Tokens allowed between consecutive chosen matches; -1: no limit. */
  distance: number;
  contexts: string[];
  parameters: InteractionParameterDef[];
  /** Names of the interaction functions refining this interaction, applied in this order. */
  functions: string[];
}

/** The catalogue of DESIGN.md §6, named in the interaction-function schema. */
export type FunctionName = (typeof INTERACTION_FUNCTIONS)[number];

export interface InteractionFunctionDef {
  name: string;
  enabled: boolean;
  functionName: FunctionName;
  interactionAfter?: string;
  interactionBefore?: string;
  interactionAround?: string;
  interactionRightAfter?: string;
  interactionRightBefore?: string;
  stringValue?: string;
  parameterName?: string;
  interactionToFind?: string;
  parameterToFind?: string;
  parameterBaseline?: string;
}

export interface ContextDef {
  name: string;
  /** NLU language codes; 'auto' or an empty list: any language. */
  languages: string[];
}

export interface ServerDef {
  name: string;
  aiVersion: string;
  defaultLanguage: string;
  responseFormat: 'V4' | 'V5';
  labeling: boolean;
  multipleInteractions: boolean;
  contexts: string[];
}

/** Everything one NLU server compiles. */
export interface NluDefinitions {
  archetypes: ArchetypeDef[];
  interactions: InteractionDef[];
  functions: InteractionFunctionDef[];
  contexts: ContextDef[];
  server: ServerDef;
}
