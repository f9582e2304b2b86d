import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import type { TraceEntry } from '../../../../schemas/analysis-result';
import { TRACE_STEPS } from '../../../../schemas/analysis-result';
import { formatDateTime } from '../../../theme';
import { formatDuration } from '../analyses/components/format';
import { MessageLines } from '../analyses/components/MessageLines';
import { useTraceText } from './traceText';

/**
 * The "Trace" tab (DESIGN.md §6): one row per pipeline step, in the spec's order, whether it ran or
 * not — a step missing from the trace (the analysis stopped before it) reads "not run".
 */
export const AnalysisTrace = ({ trace }: { trace: readonly TraceEntry[] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const said = useTraceText();
  const label = (key: string) => translate(`app.analyses.trace.${key}`);
  const columns = ['step', 'status', 'start', 'duration', 'summary'];
  return (
    <Table size="small" aria-label={translate('app.analyses.result.tabs.trace')}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column}>{label(column)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {TRACE_STEPS.map((step) => {
          const entry = trace.find((candidate) => candidate.step === step);
          return (
            <TableRow key={step} sx={{ verticalAlign: 'top' }}>
              <TableCell component="th" scope="row">
                {label(`steps.${step}`)}
              </TableCell>
              <TableCell>{label(`statuses.${entry?.status ?? 'notRun'}`)}</TableCell>
              <TableCell>{entry?.start ? formatDateTime(entry.start, locale) : '—'}</TableCell>
              <TableCell>{entry?.start ? formatDuration(entry.durationMs, locale) : '—'}</TableCell>
              <TableCell>
                <Stack spacing={1}>
                  <Typography variant="body2">{entry ? said.summary(entry) : ''}</Typography>
                  <MessageLines severity="warning" lines={entry ? said.warnings(entry) : []} />
                  <MessageLines severity="error" lines={entry ? said.errors(entry) : []} />
                </Stack>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
};
