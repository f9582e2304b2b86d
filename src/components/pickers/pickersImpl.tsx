import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as enUSText, frFR as frFRText } from '@mui/x-date-pickers/locales';
import { format, isValid, parse } from 'date-fns';
import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { SupportedLocale } from '../../i18n/locale';
import { dateLocale, firstDayOfWeek, pickerFormats } from '../../theme';
import type { DatePickerFieldProps } from './DatePickers';

/**
 * date-fns' locales with the week start of theme/dates.ts, the console's one statement of the
 * conventions (spec platform-shell §9), rather than date-fns' own.
 */
const adapterLocales: Record<SupportedLocale, Locale> = {
  en: { ...enUS, options: { ...enUS.options, weekStartsOn: firstDayOfWeek('en') } },
  fr: { ...fr, options: { ...fr.options, weekStartsOn: firstDayOfWeek('fr') } },
};

/** The pickers' own words (the calendar's buttons, the field's placeholders) in the same language. */
const pickerTexts = {
  en: enUSText.components.MuiLocalizationProvider.defaultProps.localeText,
  fr: frFRText.components.MuiLocalizationProvider.defaultProps.localeText,
};

const Localized = ({ locale, children }: { locale: SupportedLocale; children: ReactNode }) => (
  <LocalizationProvider
    dateAdapter={AdapterDateFns}
    adapterLocale={adapterLocales[locale]}
    localeText={pickerTexts[locale]}
  >
    {children}
  </LocalizationProvider>
);

type Props = DatePickerFieldProps & { locale: string };

/** The value format each field reads and writes (the native inputs' own). */
const wireFormats = { date: 'yyyy-MM-dd', dateTime: "yyyy-MM-dd'T'HH:mm" } as const;

const fromWire = (value: string, wire: string): Date | null => {
  if (!value) return null;
  const date = parse(value.slice(0, wire.replace(/'/g, '').length), wire, new Date());
  return isValid(date) ? date : null;
};

/**
 * The picker's value kept here: a half-typed date reaches the page as '' (as a native input's
 * would) while the field keeps what was typed; a value the page changes replaces it.
 */
const useWireValue = ({ value, onChange }: Props, wire: string) => {
  const [draft, setDraft] = useState<Date | null>(() => fromWire(value, wire));
  const emitted = useRef(value);
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setDraft(fromWire(value, wire));
    }
  }, [value, wire]);
  const change = (next: Date | null) => {
    setDraft(next);
    const text = next && isValid(next) ? format(next, wire) : '';
    emitted.current = text;
    onChange(text);
  };
  return [draft, change] as const;
};

const fieldSlotProps = (props: Props) => ({
  textField: {
    size: props.size,
    fullWidth: props.fullWidth,
    required: props.required,
    error: props.error,
    helperText: props.helperText,
    name: props.name,
    id: props.id,
    onBlur: props.onBlur,
    sx: props.sx,
  },
});

export const LocalizedDatePicker = (props: Props) => {
  const locale = dateLocale(props.locale);
  const [value, change] = useWireValue(props, wireFormats.date);
  return (
    <Localized locale={locale}>
      <DatePicker
        label={props.label}
        value={value}
        onChange={change}
        disabled={props.disabled}
        format={pickerFormats(locale).date}
        slotProps={fieldSlotProps(props)}
      />
    </Localized>
  );
};

export const LocalizedDateTimePicker = (props: Props) => {
  const locale = dateLocale(props.locale);
  const [value, change] = useWireValue(props, wireFormats.dateTime);
  return (
    <Localized locale={locale}>
      <DateTimePicker
        label={props.label}
        value={value}
        onChange={change}
        disabled={props.disabled}
        format={pickerFormats(locale).dateTime}
        ampm={pickerFormats(locale).dateTime.endsWith(' a')}
        slotProps={fieldSlotProps(props)}
      />
    </Localized>
  );
};
