import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { lazy, Suspense } from 'react';
import { useLocale } from 'react-admin';
import { parseDateOnly } from '../dates';
import { formatDateTime, formatShortDate } from '../../theme';

const LazyDatePicker = lazy(() => import('./pickersImpl').then((m) => ({ default: m.LocalizedDatePicker })));
const LazyDateTimePicker = lazy(() =>
  import('./pickersImpl').then((m) => ({ default: m.LocalizedDateTimePicker })),
);

export interface DatePickerFieldProps {
  label: string;
  /**
   * The day as `YYYY-MM-DD` (DatePickerField) or the local time as `YYYY-MM-DDTHH:mm`
   * (DateTimePickerField), '' for none: the values native date inputs read and write, so a
   * page's state and its calls to the API do not change with the field.
   */
  value: string;
  /** A complete date, or '' when the field is emptied or holds a half-typed date. */
  onChange: (value: string) => void;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  name?: string;
  id?: string;
  onBlur?: () => void;
  sx?: SxProps<Theme>;
}

/**
 * Until the picker's code has loaded, the same field read-only with the value in the locale's
 * pattern, so that the page does not jump.
 */
const Placeholder = ({ label, size, fullWidth, sx, shown }: DatePickerFieldProps & { shown: string }) => (
  <TextField
    label={label}
    size={size}
    fullWidth={fullWidth}
    sx={sx}
    value={shown}
    disabled
    slotProps={{ inputLabel: { shrink: true } }}
  />
);

/**
 * The console's date input: an MUI X date picker in the user's language (spec platform-shell §9:
 * dd/mm/yy with Monday first in French, mm/dd/yy with Sunday first in English). The pickers and
 * date-fns load with the first field shown, not with the sign-in page (tests/e2e/bundle-size).
 */
export const DatePickerField = (props: DatePickerFieldProps) => {
  const locale = useLocale();
  const shown = props.value ? formatShortDate(parseDateOnly(props.value), locale) : '';
  return (
    <Suspense fallback={<Placeholder {...props} shown={shown} />}>
      <LazyDatePicker {...props} locale={locale} />
    </Suspense>
  );
};

/** A date and a time to the minute, in the user's language (see DatePickerField). */
export const DateTimePickerField = (props: DatePickerFieldProps) => {
  const locale = useLocale();
  const shown = props.value ? formatDateTime(props.value, locale) : '';
  return (
    <Suspense fallback={<Placeholder {...props} shown={shown} />}>
      <LazyDateTimePicker {...props} locale={locale} />
    </Suspense>
  );
};
