import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ReactFlowProvider } from '@xyflow/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  getConfigurationGraph,
  type ConfigurationGraph,
  type GraphNode,
} from '../../../../schemas/contracts/graph';
import { AccessDenied } from '../../../components/AccessDenied';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';
import { RecordDialog } from '../../../resources/generic/RecordDialog';
import { getResource, resourceRegistry } from '../../../resources/registry';
import type { ResourceDescriptor } from '../../../resources/types';
import { useResourceAccess } from '../../../resources/useResourceAccess';
import { useRouteScope } from '../../../resources/useRouteScope';
import { GraphCanvas } from './GraphCanvas';
import { useNodeLabel } from './graphLabels';
import { layoutGraph, neighbourhoodOf, prepareLayout, type Positions } from './layout';

const descriptorOf = (resource: string): ResourceDescriptor | undefined =>
  resourceRegistry.find((r) => r.schema.$id === resource);

/** Layouts already made, by graph: going back to the whole graph does not lay it out again. */
const layouts = new WeakMap<ConfigurationGraph, Promise<Positions>>();
const layoutOf = (graph: ConfigurationGraph) => {
  if (!layouts.has(graph)) layouts.set(graph, layoutGraph(graph));
  return layouts.get(graph)!;
};

/** The graph laid out by ELK, again whenever the server's answer changes (an entity was edited). */
const useLayout = (graph: ConfigurationGraph | undefined) => {
  const [laid, setLaid] = useState<
    { graph: ConfigurationGraph; positions: Positions } | { error: unknown }
  >();
  useEffect(() => {
    if (!graph) return;
    let current = true;
    layoutOf(graph).then(
      (positions) => current && setLaid({ graph, positions }),
      (error: unknown) => current && setLaid({ error }),
    );
    return () => {
      current = false;
    };
  }, [graph]);
  return laid;
};

/**
 * The graph view (spec pipeline §2 `graph`; docs/decisions/dashboard-graph-view.md): the pipeline's
 * modules and the NLU and categorisation configuration as one picture, laid out automatically.
 * Search a node to focus on its neighbourhood; click a node to open its editor. Unused archetypes,
 * flagged rules and references to missing entities stand out, and are listed above the picture too.
 */
export const GraphPage = () => {
  const translate = useTranslate();
  const scope = useRouteScope();
  const envId = scope.environmentId ?? '';
  const access = useResourceAccess(getResource('archetypes'), scope);
  const answer = useCall(getConfigurationGraph, access.list ? { params: { envId } } : null);
  const labelOf = useNodeLabel();
  useEffect(prepareLayout, []);
  const [focus, setFocus] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ resource: ResourceDescriptor; id: string }>();

  const graph = answer.data;
  // Focused: the node's neighbourhood alone, laid out on its own (the whole is laid out once).
  const shown = useMemo(
    () => (graph && focus && graph.nodes.some((n) => n.id === focus) ? neighbourhoodOf(graph, focus) : graph),
    [graph, focus],
  );
  const laid = useLayout(shown);
  const problems = useMemo(
    () =>
      graph
        ? {
            missing: graph.nodes.filter((n) => n.missing),
            unused: graph.nodes.filter((n) => n.unused),
            flagged: graph.nodes.filter((n) => n.flagged),
          }
        : null,
    [graph],
  );
  const kindOf = (node: GraphNode) => translate(`app.graph.kinds.${node.kind}`);
  const select = (node: GraphNode) => {
    setFocus(node.id);
    const resource = node.record ? descriptorOf(node.record.resource) : undefined;
    if (resource && node.record) setEditing({ resource, id: node.record.id });
  };

  if (access.isPending) return <PageLoader />;
  if (!access.list) return <AccessDenied />;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {translate('app.routes.graph')}
      </Typography>
      <Typography color="text.secondary">{translate('app.graph.intro')}</Typography>
      {answer.status === 'error' ? <CallErrorAlert error={answer.error} onRetry={answer.retry} /> : null}
      {graph && problems ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Autocomplete
              options={graph.nodes}
              groupBy={kindOf}
              getOptionLabel={(node) => labelOf(node)}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              value={graph.nodes.find((n) => n.id === focus) ?? null}
              onChange={(_, node) => setFocus(node?.id ?? null)}
              renderInput={(params) => <TextField {...params} label={translate('app.graph.search')} />}
              sx={{ width: { xs: '100%', sm: 360 } }}
              size="small"
            />
            {focus ? <Button onClick={() => setFocus(null)}>{translate('app.graph.showAll')}</Button> : null}
            <Typography variant="body2" color="text.secondary">
              {translate('app.graph.counts', {
                nodes: graph.nodes.length,
                edges: graph.edges.length,
              })}
            </Typography>
          </Stack>
          <Problems problems={problems} onFocus={(node) => setFocus(node.id)} />
          <Paper variant="outlined" sx={{ height: 'max(480px, calc(100vh - 320px))' }}>
            {laid === undefined || ('graph' in laid && laid.graph !== shown) ? (
              <Box sx={{ p: 2 }}>
                <PageLoader />
                <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
                  {translate('app.graph.layingOut')}
                </Typography>
              </Box>
            ) : 'error' in laid ? (
              <Alert severity="error">{translate('app.graph.layoutFailed')}</Alert>
            ) : (
              <ReactFlowProvider key={focus ?? ''}>
                <GraphCanvas graph={laid.graph} positions={laid.positions} focus={focus} onSelect={select} />
              </ReactFlowProvider>
            )}
          </Paper>
        </>
      ) : answer.status === 'pending' ? (
        <PageLoader />
      ) : null}
      {editing ? (
        <RecordDialog
          resource={editing.resource}
          scope={scope}
          state={{ mode: 'edit', id: editing.id }}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </Stack>
  );
};

/** What stands out, in words: each entry focuses the graph on its node. */
const Problems = ({
  problems,
  onFocus,
}: {
  problems: Record<'missing' | 'unused' | 'flagged', GraphNode[]>;
  onFocus(node: GraphNode): void;
}) => {
  const translate = useTranslate();
  const { missing, unused, flagged } = problems;
  if (!missing.length && !unused.length && !flagged.length)
    return <Alert severity="success">{translate('app.graph.problems.none')}</Alert>;
  const item = (node: GraphNode, text: string) => (
    <li key={node.id}>
      <Link component="button" type="button" onClick={() => onFocus(node)} sx={{ verticalAlign: 'baseline' }}>
        {text}
      </Link>
    </li>
  );
  return (
    <Alert severity={missing.length || flagged.length ? 'warning' : 'info'}>
      <AlertTitle>{translate('app.graph.problems.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 160, overflow: 'auto' }}>
        {missing.map((node) =>
          item(
            node,
            translate('app.graph.problems.missing', {
              kind: translate(`app.graph.kinds.${node.kind}`),
              name: node.name,
            }),
          ),
        )}
        {flagged.map((node) =>
          item(
            node,
            translate(`app.graph.problems.flagged.${node.flagged!.reason}`, {
              rule: node.name,
              category: node.category ?? '',
              interaction: node.flagged!.interaction,
            }),
          ),
        )}
        {unused.map((node) => item(node, translate('app.graph.problems.unused', { name: node.name })))}
      </Box>
    </Alert>
  );
};
