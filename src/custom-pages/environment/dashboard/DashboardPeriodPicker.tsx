import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { DASHBOARD_UNITS, type DashboardUnit } from '../../../../schemas/contracts/dashboard';
import { ChoiceField } from '../../../components/ChoiceField';
import { DatePickerField } from '../../../components/pickers/DatePickers';
import type { PeriodChoice } from './useDashboardPeriod';

export interface DashboardPeriodPickerProps {
  choice: PeriodChoice;
  /** The period last shown, which a switch to chosen dates starts from. */
  shown?: { from: string; to: string };
  onChange: (choice: PeriodChoice) => void;
}

/** N of "the last N units": typed freely, asked for once it is a whole number from 1 to 999. */
const LastField = ({ value, onChange }: { value: number; onChange: (last: number) => void }) => {
  const translate = useTranslate();
  const [text, setText] = useState(String(value));
  useEffect(() => setText((typed) => (Number(typed) === value ? typed : String(value))), [value]);
  return (
    <TextField
      type="number"
      label={translate('app.dashboard.last')}
      value={text}
      sx={{ width: 110 }}
      slotProps={{ htmlInput: { min: 1, max: 999 } }}
      onChange={(event) => {
        setText(event.target.value);
        const last = Number(event.target.value);
        if (event.target.value !== '' && Number.isInteger(last) && last >= 1 && last <= 999) onChange(last);
      }}
    />
  );
};

/** The date filter of spec §4: relative (the last N days, weeks, months, quarters, years) or ranged. */
export const DashboardPeriodPicker = ({ choice, shown, onChange }: DashboardPeriodPickerProps) => {
  const translate = useTranslate();
  const relative =
    choice.kind === 'relative' ? choice : { kind: 'relative' as const, last: 30, unit: 'days' as const };
  const range =
    choice.kind === 'range'
      ? choice
      : { kind: 'range' as const, from: shown?.from ?? '', to: shown?.to ?? '' };
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <ChoiceField
        label={translate('app.dashboard.period')}
        value={choice.kind}
        options={(['relative', 'range'] as const).map((value) => ({
          value,
          label: translate(`app.dashboard.periods.${value}`),
        }))}
        onChange={(value) => onChange(value === 'range' && range.from ? range : relative)}
      />
      {choice.kind === 'relative' ? (
        <>
          <LastField value={choice.last} onChange={(last) => onChange({ ...choice, last })} />
          <ChoiceField
            label={translate('app.dashboard.unit')}
            value={choice.unit}
            options={DASHBOARD_UNITS.map((value) => ({
              value,
              label: translate(`app.dashboard.units.${value}`),
            }))}
            onChange={(value) => onChange({ ...choice, unit: value as DashboardUnit })}
          />
        </>
      ) : (
        (['from', 'to'] as const).map((side) => (
          <DatePickerField
            key={side}
            label={translate(`app.dashboard.${side}`)}
            value={choice[side]}
            onChange={(value) => value && onChange({ ...choice, [side]: value })}
          />
        ))
      )}
    </Stack>
  );
};
