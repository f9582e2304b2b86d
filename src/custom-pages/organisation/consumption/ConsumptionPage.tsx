import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCanAccess, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  CONSUMPTION_BUCKETS,
  type ConsumptionBucket,
  getConsumption,
} from '../../../../schemas/contracts/consumption';
import { AccessDenied } from '../../../components/AccessDenied';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';
import { scopedCheck } from '../../../resources/useResourceAccess';
import { Co2Card } from './Co2Card';
import { ConsumptionPeriodPicker, type PeriodChoice } from './ConsumptionPeriodPicker';
import { ConsumptionProjectsTable } from './ConsumptionProjectsTable';
import { ConsumptionSeries } from './ConsumptionSeries';
import { QuotaCard } from './QuotaCard';

const isBucket = (value: string | null): value is ConsumptionBucket =>
  (CONSUMPTION_BUCKETS as readonly (string | null)[]).includes(value);

/** The period in the address (`?from=…&to=…&bucket=week`), so that a view can be shared or reloaded. */
const usePeriodChoice = (): [PeriodChoice, (choice: PeriodChoice) => void] => {
  const [search, setSearch] = useSearchParams();
  const bucket = search.get('bucket');
  const choice: PeriodChoice = {
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
    bucket: isBucket(bucket) ? bucket : 'month',
  };
  const choose = (next: PeriodChoice) =>
    setSearch(
      Object.fromEntries(Object.entries(next).filter((entry): entry is [string, string] => !!entry[1])),
      { replace: true },
    );
  return [choice, choose];
};

/**
 * The organisation's consumption (spec §2, §9), for its administrators: the analyses of a period
 * (the current contract year unless dates are chosen) over time and per project and environment,
 * the yearly quota's use and the CO2 footprint.
 */
export const ConsumptionPage = () => {
  const translate = useTranslate();
  const { orgaId = '' } = useParams();
  const [choice, choose] = usePeriodChoice();
  const access = useCanAccess(
    scopedCheck('list', `organisations/${orgaId}/consumption`, { organisationId: orgaId }),
  );
  const report = useCall(
    getConsumption,
    access.canAccess ? { params: { orgId: orgaId }, query: { ...choice } } : null,
  );

  if (access.isPending) return <PageLoader />;
  if (!access.canAccess) return <AccessDenied />;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <Typography variant="h4" component="h1">
        {translate('app.routes.consumption')}
      </Typography>
      <Typography color="text.secondary">{translate('app.consumption.intro')}</Typography>
      <ConsumptionPeriodPicker choice={choice} shown={report.data?.period} onChange={choose} />
      {report.status === 'pending' ? (
        <PageLoader />
      ) : report.status === 'error' ? (
        <CallErrorAlert error={report.error} onRetry={report.retry} />
      ) : (
        <>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <QuotaCard quota={report.data.quota} />
            <Co2Card co2={report.data.co2} />
          </Stack>
          <ConsumptionSeries report={report.data} />
          <ConsumptionProjectsTable projects={report.data.projects} />
        </>
      )}
    </Stack>
  );
};
