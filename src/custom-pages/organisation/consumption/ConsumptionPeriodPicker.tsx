import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import { CONSUMPTION_BUCKETS, type ConsumptionBucket } from '../../../../schemas/contracts/consumption';
import { ChoiceField } from '../../../components/ChoiceField';
import { DatePickerField } from '../../../components/pickers/DatePickers';

/** What the page asks for: no dates = the current contract year. */
export interface PeriodChoice {
  from?: string;
  to?: string;
  bucket: ConsumptionBucket;
}

export interface ConsumptionPeriodPickerProps {
  choice: PeriodChoice;
  /** The period last shown, which the chosen dates start from. */
  shown?: { from: string; to: string };
  onChange: (choice: PeriodChoice) => void;
}

/** The period (the current contract year, or dates) and the bucket of the consumption page. */
export const ConsumptionPeriodPicker = ({ choice, shown, onChange }: ConsumptionPeriodPickerProps) => {
  const translate = useTranslate();
  const custom = choice.from !== undefined || choice.to !== undefined;
  const day = (side: 'from' | 'to') => choice[side] ?? shown?.[side] ?? '';
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <ChoiceField
        label={translate('app.consumption.period')}
        value={custom ? 'custom' : 'contract'}
        options={(['contract', 'custom'] as const).map((value) => ({
          value,
          label: translate(`app.consumption.periods.${value}`),
        }))}
        onChange={(value) =>
          onChange(
            value === 'custom' ? { ...choice, from: day('from'), to: day('to') } : { bucket: choice.bucket },
          )
        }
      />
      {custom
        ? (['from', 'to'] as const).map((side) => (
            <DatePickerField
              key={side}
              label={translate(`app.consumption.${side}`)}
              value={day(side)}
              // An emptied or half-typed date keeps the last complete one.
              onChange={(value) => value && onChange({ ...choice, [side]: value })}
            />
          ))
        : null}
      <ChoiceField
        label={translate('app.consumption.bucket')}
        value={choice.bucket}
        options={CONSUMPTION_BUCKETS.map((value) => ({
          value,
          label: translate(`app.consumption.buckets.${value}`),
        }))}
        onChange={(value) => onChange({ ...choice, bucket: value as ConsumptionBucket })}
      />
    </Stack>
  );
};
