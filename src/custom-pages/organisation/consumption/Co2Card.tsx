import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import type { ConsumptionReport } from '../../../../schemas/contracts/consumption';
import { parseDateOnly } from '../../../components/dates';
import { formatShortDate } from '../../../theme';
import { formatAmount } from './consumptionFormat';

/** The period's CO2 footprint (spec §9), with how it is estimated one click away. */
export const Co2Card = ({ co2 }: { co2: ConsumptionReport['co2'] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const [explained, setExplained] = useState(false);
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  return (
    <Card component="section" aria-labelledby="co2-title" sx={{ flex: 1 }}>
      <CardContent>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography id="co2-title" variant="h6" component="h2">
            {translate('app.consumption.co2.title')}
          </Typography>
          <Typography variant="h4" component="p">
            {translate('app.consumption.co2.kg', { value: formatAmount(co2.kgCo2, locale) })}
          </Typography>
          <Typography>
            {translate('app.consumption.co2.kwh', { value: formatAmount(co2.energyKwh, locale) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.consumption.co2.since', {
              date: formatShortDate(parseDateOnly(co2.since), locale),
              smart_count: co2.analyses,
            })}
          </Typography>
          <Button
            size="small"
            aria-expanded={explained}
            aria-controls="co2-method"
            onClick={() => setExplained((open) => !open)}
          >
            {translate('app.consumption.co2.how')}
          </Button>
          <Collapse in={explained} id="co2-method">
            <Typography variant="body2">
              {translate('app.consumption.co2.method', {
                watts: number(co2.factors.wattsPerBusyCore),
                pue: number(co2.factors.pue),
                factor: number(co2.factors.kgCo2PerKwh),
              })}
            </Typography>
          </Collapse>
        </Stack>
      </CardContent>
    </Card>
  );
};
