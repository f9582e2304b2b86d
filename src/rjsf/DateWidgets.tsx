import { localToUTC, utcToLocal, type WidgetProps } from '@rjsf/utils';
import {
  DatePickerField,
  DateTimePickerField,
  type DatePickerFieldProps,
} from '../components/pickers/DatePickers';

const fieldProps = ({
  id,
  label,
  hideLabel,
  required,
  disabled,
  readonly,
  rawErrors = [],
  onBlur,
  value,
}: WidgetProps) =>
  ({
    id,
    label: hideLabel ? '' : label,
    required,
    disabled: disabled || readonly,
    error: rawErrors.length > 0,
    fullWidth: true,
    onBlur: () => onBlur(id, value),
  }) satisfies Partial<DatePickerFieldProps>;

/**
 * `format: 'date'` fields: the console's date picker (dd/mm/yy in French, mm/dd/yy in English,
 * spec platform-shell §9) instead of rjsf's native date input, which shows the browser's pattern.
 */
export const DateWidget = (props: WidgetProps) => (
  <DatePickerField
    {...fieldProps(props)}
    value={typeof props.value === 'string' ? props.value : ''}
    onChange={(day) => props.onChange(day || props.options.emptyValue)}
  />
);

/** `format: 'date-time'` fields: edited in local time, stored as UTC like rjsf's own widget. */
export const DateTimeWidget = (props: WidgetProps) => (
  <DateTimePickerField
    {...fieldProps(props)}
    value={typeof props.value === 'string' && props.value ? utcToLocal(props.value).slice(0, 16) : ''}
    onChange={(local) => props.onChange(local ? localToUTC(local) : props.options.emptyValue)}
  />
);
