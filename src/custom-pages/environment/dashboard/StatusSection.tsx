import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useLocale, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ANALYSIS_STATUSES, type AnalysisStatus } from '../../../../schemas/analysis-result';
import type { DashboardReport } from '../../../../schemas/contracts/dashboard';
import { parseDateOnly } from '../../../components/dates';
import { DashboardCard } from './DashboardCard';
import { DashboardLink } from './DashboardLink';
import { bucketLabel, formatCount } from './dashboardFormat';
import { periodFilter } from './drillDown';
import { StatusChart } from './LazyCharts';

const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The last day of the bucket starting `start`, within the period. */
const bucketEnd = (start: string, period: DashboardReport['period']): string => {
  const date = parseDateOnly(start);
  if (period.bucket === 'week') date.setDate(date.getDate() + 6);
  if (period.bucket === 'month') date.setMonth(date.getMonth() + 1, 0);
  const end = dayOf(date);
  return end > period.to ? period.to : end;
};

export interface StatusSectionProps {
  report: DashboardReport;
  /** The analyses list's address for a filter. */
  linkTo: (filter: Record<string, unknown>) => string;
}

/** Analyses per bucket and status: a stacked bar chart and the same figures as a table. */
export const StatusSection = ({ report, linkTo }: StatusSectionProps) => {
  const translate = useTranslate();
  const locale = useLocale();
  const navigate = useNavigate();
  const { period, series, totals } = report;
  const statusLabel = (status: AnalysisStatus) => translate(`resources.analyses.values.status.${status}`);
  const labels = series.map((b) => bucketLabel(b.start, period.bucket, locale, translate));
  const wholePeriod = periodFilter(period.from, period.to);
  const openBucket = (status: AnalysisStatus, index: number) => {
    const start = series[index].start < period.from ? period.from : series[index].start;
    navigate(linkTo({ status, ...periodFilter(start, bucketEnd(series[index].start, period)) }));
  };
  return (
    <DashboardCard id="dashboard-statuses" title={translate('app.dashboard.statuses.title')}>
      <StatusChart series={series} labels={labels} statusLabel={statusLabel} onStatus={openBucket} />
      <TableContainer sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label={translate('app.dashboard.statuses.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.dashboard.statuses.bucket')}</TableCell>
              {ANALYSIS_STATUSES.map((status) => (
                <TableCell key={status} align="right">
                  <DashboardLink
                    to={linkTo({ status, ...wholePeriod })}
                    title={translate('app.dashboard.statuses.open', { status: statusLabel(status) })}
                  >
                    {statusLabel(status)}
                  </DashboardLink>
                </TableCell>
              ))}
              <TableCell align="right">{translate('app.dashboard.statuses.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {series.map((bucket, index) => (
              <TableRow key={bucket.start}>
                <TableCell component="th" scope="row">
                  {labels[index]}
                </TableCell>
                {ANALYSIS_STATUSES.map((status) => (
                  <TableCell key={status} align="right">
                    {formatCount(bucket[status], locale)}
                  </TableCell>
                ))}
                <TableCell align="right">
                  {formatCount(
                    ANALYSIS_STATUSES.reduce((sum, status) => sum + bucket[status], 0),
                    locale,
                  )}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }}>
                {translate('app.dashboard.statuses.total')}
              </TableCell>
              {ANALYSIS_STATUSES.map((status) => (
                <TableCell key={status} align="right" sx={{ fontWeight: 'bold' }}>
                  {formatCount(totals[status], locale)}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ fontWeight: 'bold' }}>
                {formatCount(totals.analyses, locale)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </DashboardCard>
  );
};
