import type { ConfigurationGraph, GraphEdge, GraphNode, GraphNodeKind } from '../../schemas/contracts/graph';
import type { ModuleEntry, ModuleType } from '../../schemas/modules';
import { BUILTIN_ARCHETYPES } from '../pipeline/nlu/builtins';
import { referencesOf } from './references';

type Data = Record<string, unknown>;

/** The configuration's resources that are nodes of the graph, in the engine's order. */
export const GRAPH_RESOURCES = [
  'nlu-server',
  'nlu-context',
  'interaction',
  'interaction-function',
  'archetype',
  'category',
  'extraction-field',
] as const;
type GraphResource = (typeof GRAPH_RESOURCES)[number];

/** What a module reads of the configuration: its node points at every entity of that kind. */
const MODULE_READS: Partial<Record<ModuleType, GraphResource>> = {
  nlu: 'nlu-server',
  categorization: 'category',
  extraction: 'extraction-field',
};

/** A reference that reads the other way: a context holds the interactions that name it. */
const REVERSED = new Set(['interaction>nlu-context']);

const BUILTINS = new Set<string>(BUILTIN_ARCHETYPES.map((a) => a.name));
const RULE_PATH = /^rules\.(\d+)\./;

export interface GraphInput {
  /** The environment's documents by resource `$id`. */
  documents: ReadonlyMap<string, readonly { id: string; data: Data }[]>;
  /** The pipeline's active modules, in order. */
  modules: readonly ModuleEntry[];
}

/**
 * The configuration graph of one environment (schemas/contracts/graph.ts). Every reference the
 * save rules know (references.ts) is an edge, so a kind of reference added there is drawn here too.
 *
 * @example
 *   configurationGraph({ documents, modules }).nodes.filter((n) => n.missing) // dangling names
 */
export const configurationGraph = ({ documents, modules }: GraphInput): ConfigurationGraph => {
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  const add = (node: Omit<GraphNode, 'missing' | 'disabled' | 'unused'> & Partial<GraphNode>) => {
    nodes.set(node.id, { missing: false, disabled: false, unused: false, ...node });
    return node.id;
  };
  const link = (from: string, to: string, path?: string) => {
    const key = `${from}\n${to}`;
    if (!edges.has(key)) edges.set(key, { from, to, ...(path ? { path } : {}) });
  };
  const idOf = (kind: GraphNodeKind, name: string) => `${kind}:${name}`;
  const nameOf = (id: string, data: Data) => (typeof data.name === 'string' ? data.name : id);
  /** The node a reference reaches: the entity, a built-in archetype, or a missing entity. */
  const reach = (kind: string, name: string) => {
    const id = idOf(kind as GraphNodeKind, name);
    if (nodes.has(id)) return id;
    if (kind === 'archetype' && BUILTINS.has(name)) {
      const builtin = idOf('builtin-archetype', name);
      return nodes.has(builtin) ? builtin : add({ id: builtin, kind: 'builtin-archetype', name });
    }
    return add({ id, kind: kind as GraphNodeKind, name, missing: true });
  };

  for (const resource of GRAPH_RESOURCES)
    for (const { id, data } of documents.get(resource) ?? []) {
      const name = nameOf(id, data);
      add({
        id: idOf(resource, name),
        kind: resource,
        name,
        record: { resource, id },
        disabled: data.enabled === false,
      });
      if (resource !== 'category') continue;
      (Array.isArray(data.rules) ? (data.rules as Data[]) : []).forEach((rule, i) => {
        const ruleId = add({
          id: `rule:${name}#${i}`,
          kind: 'rule',
          name: typeof rule.name === 'string' ? rule.name : String(i + 1),
          category: name,
          record: { resource, id },
          disabled: rule.enabled === false,
        });
        link(idOf('category', name), ruleId);
      });
    }

  for (const resource of GRAPH_RESOURCES)
    for (const { id, data } of documents.get(resource) ?? []) {
      const self = idOf(resource, nameOf(id, data));
      for (const { kind, name, path } of referencesOf(resource, data)) {
        const rule = resource === 'category' ? RULE_PATH.exec(`${path}.`) : null;
        const from = rule ? `rule:${nameOf(id, data)}#${rule[1]}` : self;
        const to = reach(kind, name);
        if (REVERSED.has(`${resource}>${kind}`)) link(to, from, path);
        else link(from, to, path);
      }
    }

  // What stands out: archetypes nothing names, rules that name an interaction that cannot match.
  const named = new Set([...edges.values()].map((e) => e.to));
  for (const node of nodes.values()) {
    if (node.kind === 'archetype' && !node.missing && !named.has(node.id)) node.unused = true;
  }
  for (const edge of edges.values()) {
    const [from, to] = [nodes.get(edge.from)!, nodes.get(edge.to)!];
    if (from.kind !== 'rule' || to.kind !== 'interaction' || from.flagged) continue;
    if (to.missing) from.flagged = { interaction: to.name, reason: 'missing' };
    else if (to.disabled) from.flagged = { interaction: to.name, reason: 'disabled' };
  }

  // The pipeline, in order; a module points at what it reads.
  let previous: string | undefined;
  modules.forEach((module, i) => {
    const id = add({
      id: `module:${i}`,
      kind: 'module',
      name: module.name || module.type,
      module: module.type,
    });
    if (previous) link(previous, id);
    previous = id;
    const reads = MODULE_READS[module.type];
    if (reads) for (const node of nodes.values()) if (node.kind === reads && !node.missing) link(id, node.id);
    if (module.context) link(id, reach('nlu-context', module.context), 'context');
  });

  return { nodes: [...nodes.values()], edges: [...edges.values()] };
};
