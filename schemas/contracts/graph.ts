import { z } from 'zod';
import { MODULE_TYPES } from '../modules';
import { defineCall } from './define';

/**
 * An environment's configuration as a graph (spec pipeline §2 `graph`;
 * docs/decisions/dashboard-graph-view.md): the pipeline's active modules in order and, for the NLU,
 * servers → contexts → interactions → archetypes → sub-archetypes, categories → rules →
 * interactions (and the categories a rule tests), interaction functions and extraction fields with
 * what they name. Edges point from what uses to what is used, but for a context, which points to
 * the interactions it holds, so that the graph reads top down as the engine works. The server finds
 * what stands out: unused archetypes, rules flagged for a disabled or missing interaction, disabled
 * entities, and references to missing entities (each a node of its own, `missing`).
 */

/** Kinds of nodes: the configuration's resources (by `$id`), a category's rule, a pipeline module and a built-in archetype. */
export const GRAPH_NODE_KINDS = [
  'module',
  'nlu-server',
  'nlu-context',
  'interaction',
  'interaction-function',
  'archetype',
  'builtin-archetype',
  'category',
  'rule',
  'extraction-field',
] as const;
export type GraphNodeKind = (typeof GRAPH_NODE_KINDS)[number];

export const graphNode = z.object({
  /** Stable across calls: `kind:name` (`rule:category#index` for rules, `module:index` for modules). */
  id: z.string(),
  kind: z.enum(GRAPH_NODE_KINDS),
  /** The entity's name; a module's type (the console names it); a rule's name. */
  name: z.string(),
  /** The resource document to open in its editor (absent: a module, a built-in or a missing entity). */
  record: z.object({ resource: z.string(), id: z.string() }).optional(),
  /** Named by the configuration but not in it: each reference to it is dangling. */
  missing: z.boolean(),
  /** Turned off (an interaction, function, rule; or a module type the deployment does not run). */
  disabled: z.boolean(),
  /** An archetype no interaction, archetype or extraction field names. */
  unused: z.boolean(),
  /** A rule that can never match (spec pipeline §4): the interaction it names, disabled or missing. */
  flagged: z.object({ interaction: z.string(), reason: z.enum(['disabled', 'missing']) }).optional(),
  /** A rule's category. */
  category: z.string().optional(),
  /** A module's type (its name in the console). */
  module: z.enum(MODULE_TYPES).optional(),
});
export type GraphNode = z.infer<typeof graphNode>;

export const graphEdge = z.object({
  from: z.string(),
  to: z.string(),
  /** Where the using document names the other (`parameters.2.archetype`), for the tooltip. */
  path: z.string().optional(),
});
export type GraphEdge = z.infer<typeof graphEdge>;

export const configurationGraph = z.object({
  nodes: z.array(graphNode),
  edges: z.array(graphEdge),
});
export type ConfigurationGraph = z.infer<typeof configurationGraph>;

/** Configurators of the environment's project only (the configuration's level); 404 another tenant's. */
export const getConfigurationGraph = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/graph',
  params: z.object({ envId: z.string() }),
  response: configurationGraph,
});
