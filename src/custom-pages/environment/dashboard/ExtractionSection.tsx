import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import type { DashboardReport } from '../../../../schemas/contracts/dashboard';
import { DashboardCard } from './DashboardCard';
import { formatCount, formatRate } from './dashboardFormat';

/** How often each extraction field got a value, over the processed analyses of the period. */
export const ExtractionSection = ({ extraction }: { extraction: DashboardReport['extraction'] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <DashboardCard id="dashboard-extraction" title={translate('app.dashboard.extraction.title')}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.dashboard.extraction.basis', { smart_count: extraction.analyses })}
      </Typography>
      {extraction.fields.length === 0 ? (
        <Typography color="text.secondary">{translate('app.dashboard.extraction.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('app.dashboard.extraction.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.dashboard.extraction.field')}</TableCell>
              <TableCell align="right">{translate('app.dashboard.extraction.filled')}</TableCell>
              <TableCell align="right">{translate('app.dashboard.extraction.rate')}</TableCell>
              <TableCell sx={{ width: '30%' }} aria-hidden />
            </TableRow>
          </TableHead>
          <TableBody>
            {extraction.fields.map((field) => (
              <TableRow key={field.name}>
                <TableCell component="th" scope="row">
                  {field.name}
                </TableCell>
                <TableCell align="right">{formatCount(field.filled, locale)}</TableCell>
                <TableCell align="right">{formatRate(field.rate, locale)}</TableCell>
                <TableCell aria-hidden>
                  <LinearProgress variant="determinate" value={field.rate * 100} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DashboardCard>
  );
};
