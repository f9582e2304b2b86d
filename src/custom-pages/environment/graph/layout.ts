import ELK from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { ConfigurationGraph } from '../../../../schemas/contracts/graph';

/** Every node's box: names longer than it are cut with an ellipsis, and said whole in its title. */
export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 52;

/** Room around each box once layers are folded: between rows, between a layer's columns, between layers. */
const ROW = NODE_HEIGHT + 16;
const COLUMN = NODE_WIDTH + 32;
const LAYER_GAP = 96;
/** The overview's shape, width to height: about the canvas's on a laptop screen. */
const ASPECT = 2;

export interface Positions {
  /** Top-left corner of each node, by id. */
  nodes: Map<string, { x: number; y: number }>;
  /** Milliseconds the layout took (ELK in its worker), shown to nobody but measured by bench/graph.ts. */
  ms: number;
}

let elk: InstanceType<typeof ELK> | undefined;

/**
 * Starts ELK's worker (1.6 MB of script to load and compile) without waiting for it: the page calls
 * this when it opens, so the worker starts while the graph is fetched.
 */
export const prepareLayout = () => {
  elk ??= new ELK({ workerUrl: elkWorkerUrl });
};

/**
 * A node's neighbourhood as a graph of its own: the node, the nodes one link away from it either
 * way, and the links among them. Shown instead of the whole when the user focuses on a node: laid
 * out on its own, it is legible whatever the configuration's size.
 */
export const neighbourhoodOf = (graph: ConfigurationGraph, id: string): ConfigurationGraph => {
  const near = new Set([id]);
  for (const e of graph.edges) {
    if (e.from === id) near.add(e.to);
    if (e.to === id) near.add(e.from);
  }
  return {
    nodes: graph.nodes.filter((n) => near.has(n.id)),
    edges: graph.edges.filter((e) => near.has(e.from) && near.has(e.to)),
  };
};

/**
 * Folds tall layers into side-by-side columns so that the whole graph has about the canvas's
 * shape. ELK's layered layout puts every archetype of a configuration in one layer: 200 of them
 * made a picture 20 times taller than wide, unreadable at any zoom that shows it whole. Each
 * layer keeps ELK's order (which minimised the crossings), cut into balanced columns, read top to
 * bottom then left to right; the number of rows is the one that brings the picture closest to
 * ASPECT.
 *
 * @param placed each node's ELK position: its x says its layer, its y its order in the layer
 */
export const foldLayers = (placed: readonly { id: string; x: number; y: number }[]) => {
  const byLayer = new Map<number, { id: string; y: number }[]>();
  for (const { id, x, y } of placed) {
    const layer = Math.round(x);
    if (!byLayer.has(layer)) byLayer.set(layer, []);
    byLayer.get(layer)!.push({ id, y });
  }
  const layers = [...byLayer.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, nodes]) => nodes.sort((a, b) => a.y - b.y));
  const widest = Math.max(0, ...layers.map((l) => l.length));
  const shape = (rows: number) => {
    const columns = layers.reduce((sum, l) => sum + Math.ceil(l.length / rows), 0);
    return (columns * COLUMN + (layers.length - 1) * LAYER_GAP) / (rows * ROW);
  };
  let rows = widest;
  for (let r = Math.min(widest, 8); r <= widest; r++)
    if (Math.abs(Math.log(shape(r) / ASPECT)) < Math.abs(Math.log(shape(rows) / ASPECT))) rows = r;

  const nodes = new Map<string, { x: number; y: number }>();
  let x = 0;
  for (const layer of layers) {
    const columns = Math.ceil(layer.length / rows);
    const perColumn = Math.ceil(layer.length / columns);
    layer.forEach(({ id }, i) => {
      const [column, row] = [Math.floor(i / perColumn), i % perColumn];
      const inColumn = Math.min(perColumn, layer.length - column * perColumn);
      nodes.set(id, { x: x + column * COLUMN, y: ((rows - inColumn) / 2 + row) * ROW });
    });
    x += columns * COLUMN + LAYER_GAP;
  }
  return nodes;
};

/**
 * Lays the graph out with ELK's layered algorithm, left to right as the engine reads (modules,
 * servers, contexts, interactions, archetypes), in a web worker so that a 500-node configuration
 * never holds the page (≤ 1 s: docs/decisions/dashboard-graph-layout.md, `npm run bench graph`),
 * then folds its tall layers (foldLayers). Only ELK's layers and orders are kept, so its cheapest
 * placement and routing do.
 */
export const layoutGraph = async (graph: ConfigurationGraph): Promise<Positions> => {
  prepareLayout();
  const started = performance.now();
  const laid = await elk!.layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      // The cheapest of ELK's steps where their result is not kept: foldLayers places the nodes,
      // React Flow draws the edges. Longest-path layering and one sweep of crossing minimisation
      // lay 500 nodes out about three times faster than the defaults (bench graph).
      'elk.edgeRouting': 'POLYLINE',
      'elk.layered.nodePlacement.strategy': 'SIMPLE',
      'elk.layered.layering.strategy': 'LONGEST_PATH',
      'elk.layered.thoroughness': '1',
      'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
    },
    children: graph.nodes.map((n) => ({ id: n.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: graph.edges.map((e, i) => ({ id: `e${i}`, sources: [e.from], targets: [e.to] })),
  });
  const nodes = foldLayers((laid.children ?? []).map((c) => ({ id: c.id, x: c.x ?? 0, y: c.y ?? 0 })));
  const ms = performance.now() - started;
  performance.measure('graph-layout', { start: started, duration: ms });
  return { nodes, ms };
};
