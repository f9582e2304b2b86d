import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import type { ConsumptionReport } from '../../../../schemas/contracts/consumption';
import { DetailList } from '../../../components/DetailList';
import { bucketName, formatCount, formatMb } from './consumptionFormat';

/** About this many names under the bars, whatever their number. */
const NAMED_BUCKETS = 12;
const HEIGHT = 160;

/**
 * The period's totals and its analyses per bucket as bars (no chart library: a list of boxes whose
 * height is the count). Each bar is a list item named by its bucket and count, for screen readers
 * and tooltips alike.
 */
export const ConsumptionSeries = ({ report }: { report: ConsumptionReport }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const { series, totals, period } = report;
  const highest = Math.max(1, ...series.map((b) => b.analyses));
  const every = Math.max(1, Math.ceil(series.length / NAMED_BUCKETS));
  const name = (start: string) => {
    const date = bucketName(start, period.bucket, locale);
    return period.bucket === 'week' ? translate('app.consumption.series.week', { date }) : date;
  };
  return (
    <Card component="section" aria-labelledby="series-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="series-title" variant="h6" component="h2">
            {translate('app.consumption.series.title')}
          </Typography>
          <Typography variant="subtitle2" component="h3">
            {translate('app.consumption.series.total')}
          </Typography>
          <DetailList
            items={[
              {
                label: translate('app.consumption.figures.analyses'),
                value: formatCount(totals.analyses, locale),
              },
              {
                label: translate('app.consumption.figures.tokens'),
                value: formatCount(totals.tokens, locale),
              },
              { label: translate('app.consumption.figures.sizeMb'), value: formatMb(totals.sizeMb, locale) },
            ]}
          />
          <Typography variant="body2" color="text.secondary">
            {translate('app.consumption.tokensNote')}
          </Typography>
          <Box
            component="ol"
            aria-label={translate('app.consumption.series.title')}
            sx={{
              display: 'flex',
              alignItems: 'flex-end',
              gap: '2px',
              height: HEIGHT,
              listStyle: 'none',
              m: 0,
              p: 0,
            }}
          >
            {series.map((b) => {
              const label = translate('app.consumption.series.bar', {
                bucket: name(b.start),
                smart_count: b.analyses,
              });
              return (
                <Box
                  component="li"
                  key={b.start}
                  aria-label={label}
                  title={label}
                  sx={{ flex: 1, minWidth: 0, height: '100%', display: 'flex', alignItems: 'flex-end' }}
                >
                  <Box
                    sx={{
                      width: '100%',
                      height: `${(b.analyses / highest) * 100}%`,
                      minHeight: b.analyses > 0 ? 2 : 0,
                      bgcolor: 'primary.main',
                      borderRadius: '2px 2px 0 0',
                    }}
                  />
                </Box>
              );
            })}
          </Box>
          <Box aria-hidden sx={{ display: 'flex', gap: '2px', mt: '4px !important' }}>
            {series.map((b, index) => (
              <Typography
                key={b.start}
                variant="caption"
                color="text.secondary"
                sx={{ flex: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'visible' }}
              >
                {index % every === 0 ? name(b.start) : ''}
              </Typography>
            ))}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
};
