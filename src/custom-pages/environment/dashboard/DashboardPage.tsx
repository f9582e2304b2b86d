import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCanAccess, useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { getDashboard, type DashboardQuery } from '../../../../schemas/contracts/dashboard';
import { HttpError } from '../../../api';
import { AccessDenied } from '../../../components/AccessDenied';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { parseDateOnly } from '../../../components/dates';
import { useCall } from '../../../providers/useCall';
import { scopedCheck } from '../../../resources/useResourceAccess';
import { useRouteScope } from '../../../resources/useRouteScope';
import { formatShortDate } from '../../../theme';
import { CategorySection } from './CategorySection';
import { DashboardPeriodPicker } from './DashboardPeriodPicker';
import { DashboardTotals } from './DashboardTotals';
import { DurationsSection } from './DurationsSection';
import { analysesLink } from './drillDown';
import { ExtractionSection } from './ExtractionSection';
import { StatusSection } from './StatusSection';
import { searchOfChoice, useDashboardPeriod } from './useDashboardPeriod';

/** The zone the browser shows times in: the server counts days there. */
const userTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const isDisabled = (error: unknown) =>
  error instanceof HttpError && (error.body as { code?: unknown } | null)?.code === 'DASHBOARDS_DISABLED';

/**
 * An environment's dashboard (spec §4, §6, §8; docs/decisions/dashboard-one-read.md), for cockpit
 * viewers and above: the date filter, the analyses by status over time, by category, the error
 * rate, processing times and extraction fill rates. Statuses and categories open the analyses list
 * filtered on them.
 */
export const DashboardPage = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const { projectId = '', environmentId: envId = '' } = useRouteScope();
  const [choice, choose] = useDashboardPeriod();
  const access = useCanAccess(scopedCheck('list', 'dashboard', { projectId }));
  const query: DashboardQuery = { tz: userTimeZone(), ...searchOfChoice(choice) };
  const report = useCall(getDashboard, access.canAccess ? { params: { envId }, query } : null);
  const linkTo = (filter: Record<string, unknown>) => analysesLink(projectId, envId, filter);

  if (access.isPending) return <PageLoader />;
  if (!access.canAccess) return <AccessDenied />;
  const data = report.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          {translate('app.routes.dashboard')}
        </Typography>
        <Button component={RouterLink} to="alerts" startIcon={<NotificationsActive />} variant="outlined">
          {translate('app.dashboard.alerts.open')}
        </Button>
      </Stack>
      {report.status === 'error' && isDisabled(report.error) ? (
        <Alert severity="info">{translate('app.dashboard.disabled')}</Alert>
      ) : (
        <>
          <Typography color="text.secondary">{translate('app.dashboard.intro')}</Typography>
          <DashboardPeriodPicker choice={choice} shown={data?.period} onChange={choose} />
          {report.status === 'pending' ? (
            <PageLoader />
          ) : report.status === 'error' ? (
            <CallErrorAlert error={report.error} onRetry={report.retry} />
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" role="status">
                {translate('app.dashboard.shown', {
                  from: formatShortDate(parseDateOnly(report.data.period.from), locale),
                  to: formatShortDate(parseDateOnly(report.data.period.to), locale),
                  bucket: translate(`app.dashboard.buckets.${report.data.period.bucket}`),
                })}
              </Typography>
              <DashboardTotals totals={report.data.totals} />
              <StatusSection report={report.data} linkTo={linkTo} />
              <CategorySection report={report.data} linkTo={linkTo} />
              <DurationsSection durations={report.data.durations} />
              <ExtractionSection extraction={report.data.extraction} />
            </>
          )}
        </>
      )}
    </Stack>
  );
};
