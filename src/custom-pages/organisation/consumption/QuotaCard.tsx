import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import type { ConsumptionReport } from '../../../../schemas/contracts/consumption';
import { parseDateOnly } from '../../../components/dates';
import { formatShortDate } from '../../../theme';
import { formatCount } from './consumptionFormat';

/** The yearly quota's use since the current contract year started. */
export const QuotaCard = ({ quota }: { quota: ConsumptionReport['quota'] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const { yearlyQuota, used, remaining, percent } = quota;
  const count = (value: number) => formatCount(value, locale);
  return (
    <Card component="section" aria-labelledby="quota-title" sx={{ flex: 1 }}>
      <CardContent>
        <Stack spacing={1}>
          <Typography id="quota-title" variant="h6" component="h2">
            {translate('app.consumption.quota.title')}
          </Typography>
          <Typography variant="h4" component="p">
            {yearlyQuota === null
              ? translate('app.consumption.quota.usedWithoutQuota', { used: count(used) })
              : translate('app.consumption.quota.used', { used: count(used), quota: count(yearlyQuota) })}
          </Typography>
          {percent === null || remaining === null ? (
            <Typography color="text.secondary">{translate('app.consumption.quota.noQuota')}</Typography>
          ) : (
            <>
              <LinearProgress
                variant="determinate"
                value={Math.min(percent, 100)}
                color={percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary'}
                aria-label={translate('app.consumption.quota.bar')}
                sx={{ height: 8 }}
              />
              <Typography>
                {translate('app.consumption.quota.percent', {
                  percent: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(percent),
                })}
                {' · '}
                {translate('app.consumption.quota.remaining', { remaining: count(remaining) })}
              </Typography>
            </>
          )}
          <Typography variant="body2" color="text.secondary">
            {translate('app.consumption.quota.contractStart', {
              date: formatShortDate(parseDateOnly(quota.contractStart), locale),
            })}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
};
