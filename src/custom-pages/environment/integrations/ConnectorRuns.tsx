import PlayArrow from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { listConnectorRuns, type ConnectorRun } from '../../../../schemas/contracts/connectors';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { useApiClient } from '../../../providers/ServicesContext';
import { formatDateTime } from '../../../theme';
import { problemText } from './connectorProblem';
import { ManualRunDialog } from './ManualRunDialog';
import { usePolledLoad } from './usePolledLoad';

const COLUMNS = [
  'kind',
  'state',
  'createdAt',
  'startedAt',
  'finishedAt',
  'found',
  'fetched',
  'duplicates',
  'blacklisted',
  'tooLarge',
  'writtenBack',
  'problem',
] as const;

const STATE_COLOURS = { queued: 'default', running: 'info', done: 'success', failed: 'error' } as const;

const isUnderWay = (run: ConnectorRun) => run.state === 'queued' || run.state === 'running';

/**
 * A connector's runs, newest first, and the manual run that adds one. Read again every few seconds
 * while one is queued or running, and when the connector's last run is another than the list's
 * newest (a scheduled run started meanwhile).
 */
export const ConnectorRuns = ({
  envId,
  id,
  lastRun,
}: {
  envId: string;
  id: string;
  lastRun: ConnectorRun | null;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  const client = useApiClient();
  const [running, setRunning] = useState(false);
  const [queued, setQueued] = useState<ConnectorRun>();
  const [underWay, setUnderWay] = useState(false);
  const { state, reload } = usePolledLoad(
    () => client.call(listConnectorRuns, { params: { envId, id } }).then((answer) => answer.data),
    `${envId}/${id}`,
    underWay,
  );
  const runs = state.status === 'success' ? state.data : [];
  const shown = queued && !runs.some((r) => r.id === queued.id) ? [queued, ...runs] : runs;
  const newest = shown[0];
  const stale =
    state.status === 'success' &&
    lastRun !== null &&
    (newest?.id !== lastRun.id || newest.state !== lastRun.state);
  const active = shown.some(isUnderWay);
  useEffect(() => setUnderWay(active), [active]);
  useEffect(() => {
    if (stale) void reload();
  }, [stale, reload]);

  const date = (iso: string | null) => (iso ? formatDateTime(iso, locale, { seconds: true }) : '—');
  const cell = (run: ConnectorRun, column: (typeof COLUMNS)[number]) => {
    switch (column) {
      case 'kind':
        return translate(`app.integrations.runs.kinds.${run.kind}`);
      case 'state':
        return (
          <Chip
            size="small"
            color={STATE_COLOURS[run.state]}
            label={translate(`app.integrations.runs.states.${run.state}`)}
          />
        );
      case 'createdAt':
      case 'startedAt':
      case 'finishedAt':
        return date(run[column]);
      case 'problem':
        return run.problem ? problemText(translate, run.problem) : '—';
      default:
        return run[column];
    }
  };
  const title = translate('app.integrations.runs.title');

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Button startIcon={<PlayArrow />} onClick={() => setRunning(true)}>
            {translate('app.integrations.runs.manual')}
          </Button>
        </Stack>
        {state.status === 'error' ? (
          <CallErrorAlert error={state.error} onRetry={() => void reload()} />
        ) : null}
        {state.status === 'success' && shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.integrations.runs.none')}
          </Typography>
        ) : null}
        {shown.length > 0 ? (
          <TableContainer>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column}>{translate(`app.integrations.runs.columns.${column}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((run) => (
                  <TableRow key={run.id}>
                    {COLUMNS.map((column) => (
                      <TableCell
                        key={column}
                        sx={column.endsWith('At') ? { whiteSpace: 'nowrap' } : undefined}
                      >
                        {cell(run, column)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </Stack>
      {running ? (
        <ManualRunDialog
          envId={envId}
          id={id}
          onClose={() => setRunning(false)}
          onQueued={(run) => {
            setQueued(run);
            void reload();
          }}
        />
      ) : null}
    </Paper>
  );
};
