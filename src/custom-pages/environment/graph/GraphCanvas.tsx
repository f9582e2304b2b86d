import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import {
  Background,
  Controls,
  Handle,
  MarkerType,
  MiniMap,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { memo, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { ConfigurationGraph, GraphNode } from '../../../../schemas/contracts/graph';
import { kindColour, useNodeLabel } from './graphLabels';
import { NODE_HEIGHT, NODE_WIDTH, type Positions } from './layout';

type EntityNodeData = { node: GraphNode; label: string; kind: string; marks: string[] };
type EntityFlowNode = Node<EntityNodeData, 'entity'>;

/** One configuration entity: its kind, its name, and what stands out about it, in words as well as colour. */
const EntityNode = memo(({ data, selected }: NodeProps<EntityFlowNode>) => {
  const theme = useTheme();
  const { node } = data;
  const colour = kindColour(theme, node.kind);
  const warning = node.missing || node.flagged !== undefined;
  return (
    <Box
      title={[data.kind, data.label, ...data.marks].join(' · ')}
      data-testid={`graph-node-${node.id}`}
      sx={{
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        px: 1,
        py: 0.5,
        boxSizing: 'border-box',
        borderRadius: 1,
        border: 2,
        borderStyle: node.missing || node.unused || node.kind === 'builtin-archetype' ? 'dashed' : 'solid',
        borderColor: warning ? 'error.main' : node.unused ? 'warning.main' : colour,
        bgcolor: 'background.paper',
        boxShadow: selected ? `0 0 0 3px ${theme.palette.primary.main}` : undefined,
        opacity: node.disabled ? 0.6 : 1,
        cursor: node.record ? 'pointer' : 'default',
        overflow: 'hidden',
      }}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <Box sx={{ display: 'flex', gap: 0.5, fontSize: 11, lineHeight: 1.4, color: 'text.secondary' }}>
        <Box component="span" sx={{ color: colour, fontWeight: 600, flexShrink: 0 }}>
          {data.kind}
        </Box>
        {data.marks.length ? (
          <Box
            component="span"
            sx={{
              color: warning ? 'error.main' : 'warning.dark',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            · {data.marks.join(', ')}
          </Box>
        ) : null}
      </Box>
      <Box
        sx={{
          fontSize: 14,
          fontWeight: 500,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          textDecoration: node.disabled ? 'line-through' : undefined,
        }}
      >
        {data.label}
      </Box>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </Box>
  );
});
EntityNode.displayName = 'EntityNode';

const NODE_TYPES = { entity: EntityNode };

/**
 * The graph drawn with React Flow at the positions ELK gave: pan, zoom and a minimap; the focused
 * node ringed, its links drawn in the primary colour.
 */
export const GraphCanvas = ({
  graph,
  positions,
  focus,
  onSelect,
}: {
  graph: ConfigurationGraph;
  positions: Positions;
  focus: string | null;
  onSelect(node: GraphNode): void;
}) => {
  const theme = useTheme();
  const translate = useTranslate();
  const labelOf = useNodeLabel();

  const nodes = useMemo<EntityFlowNode[]>(
    () =>
      graph.nodes.map((node) => ({
        id: node.id,
        type: 'entity',
        position: positions.nodes.get(node.id) ?? { x: 0, y: 0 },
        selected: node.id === focus,
        draggable: false,
        data: {
          node,
          label: labelOf(node),
          kind: translate(`app.graph.kinds.${node.kind}`),
          marks: [
            ...(node.missing ? [translate('app.graph.marks.missing')] : []),
            ...(node.unused ? [translate('app.graph.marks.unused')] : []),
            ...(node.flagged ? [translate('app.graph.marks.flagged')] : []),
            ...(node.disabled ? [translate('app.graph.marks.disabled')] : []),
          ],
        },
      })),
    [graph, positions, focus, labelOf, translate],
  );
  const edges = useMemo<Edge[]>(() => {
    // Looked up once: a search of the nodes per edge was 730 × 531 steps at each focus change.
    const missing = new Set(graph.nodes.filter((n) => n.missing).map((n) => n.id));
    return graph.edges.map((edge, i) => {
      const lit = focus !== null && (edge.from === focus || edge.to === focus);
      const dangling = missing.has(edge.to);
      const colour = dangling
        ? theme.palette.error.main
        : lit
          ? theme.palette.primary.main
          : theme.palette.text.disabled;
      return {
        id: `e${i}`,
        source: edge.from,
        target: edge.to,
        style: { stroke: colour, strokeWidth: lit ? 2 : 1 },
        markerEnd: { type: MarkerType.ArrowClosed, color: colour },
      };
    });
  }, [graph, focus, theme]);

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      onNodeClick={(_, flowNode) => onSelect((flowNode as EntityFlowNode).data.node)}
      nodesConnectable={false}
      elementsSelectable
      onlyRenderVisibleElements
      fitView
      fitViewOptions={{ maxZoom: 1.2 }}
      minZoom={0.05}
      colorMode={theme.palette.mode}
      proOptions={{ hideAttribution: true }}
    >
      <Background />
      <Controls showInteractive={false} />
      <MiniMap
        pannable
        zoomable
        nodeColor={(n) => kindColour(theme, (n as EntityFlowNode).data.node.kind)}
        ariaLabel={translate('app.graph.minimap')}
      />
    </ReactFlow>
  );
};
