import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import type { DashboardReport } from '../../../../schemas/contracts/dashboard';
import { formatDuration } from '../analyses/components/format';
import { DashboardCard } from './DashboardCard';
import { formatCount } from './dashboardFormat';

const COLUMNS = ['p50', 'p90', 'p95', 'max'] as const;

/** Processing time percentiles: the whole analysis, then each pipeline step that ran, in pipeline order. */
export const DurationsSection = ({ durations }: { durations: DashboardReport['durations'] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const time = (ms: number | null | undefined) =>
    ms === null || ms === undefined ? '—' : formatDuration(ms, locale);
  const empty = durations.analysis.runs === 0 && durations.steps.length === 0;
  return (
    <DashboardCard id="dashboard-durations" title={translate('app.dashboard.durations.title')}>
      {empty ? (
        <Typography color="text.secondary">{translate('app.dashboard.durations.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('app.dashboard.durations.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.dashboard.durations.step')}</TableCell>
              <TableCell align="right">{translate('app.dashboard.durations.runs')}</TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column} align="right">
                  {translate(`app.dashboard.durations.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }}>
                {translate('app.dashboard.durations.whole')}
              </TableCell>
              <TableCell align="right">{formatCount(durations.analysis.runs, locale)}</TableCell>
              <TableCell align="right">{time(durations.analysis.p50)}</TableCell>
              <TableCell align="right">—</TableCell>
              <TableCell align="right">{time(durations.analysis.p95)}</TableCell>
              <TableCell align="right">—</TableCell>
            </TableRow>
            {durations.steps.map((step) => (
              <TableRow key={step.step}>
                <TableCell component="th" scope="row">
                  {translate(`app.analyses.trace.steps.${step.step}`)}
                </TableCell>
                <TableCell align="right">{formatCount(step.runs, locale)}</TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column} align="right">
                    {time(step[column])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {/* Percentiles over summarised days come from histograms (docs/dashboard.md "Processing times"). */}
      {!empty && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.dashboard.durations.precision')}
        </Typography>
      )}
    </DashboardCard>
  );
};
