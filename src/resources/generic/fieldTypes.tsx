import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import type { TranslateFunction } from 'react-admin';
import { parseDateOnly } from '../../components/dates';
import { formatDateTime, formatShortDate } from '../../theme';
import { resourceName } from '../labels';
import type { ResourceLabels } from '../labels';
import type { FieldDescriptor, FieldKind } from '../types';

export interface FieldValueProps {
  value: unknown;
  field: FieldDescriptor;
  labels: ResourceLabels;
  translate: TranslateFunction;
  locale: string;
}

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

const dateTime = (value: unknown, locale: string): string =>
  typeof value === 'string' || typeof value === 'number' ? formatDateTime(value, locale) : '';

const number = (value: unknown, locale: string): string =>
  typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : '';

/**
 * How each kind of field shows in lists and detail views: a lookup table (STYLE.md), so a new kind
 * is one entry. Dates follow the locale's pattern (spec §9); enum values are translated chips.
 */
const renderers: Record<FieldKind, (props: FieldValueProps) => ReactNode> = {
  string: ({ value }) => text(value),
  enum: ({ value, field, labels }) =>
    value === undefined || value === null ? (
      ''
    ) : (
      <Chip size="small" variant="outlined" label={labels.value(field.name, value)} />
    ),
  date: ({ value, locale }) =>
    typeof value === 'string' ? formatShortDate(parseDateOnly(value), locale) : '',
  dateTime: ({ value, locale }) => dateTime(value, locale),
  integer: ({ value, locale }) => number(value, locale),
  number: ({ value, locale }) => number(value, locale),
  boolean: ({ value, translate }) =>
    typeof value === 'boolean' ? translate(value ? 'ra.boolean.true' : 'ra.boolean.false') : '',
  // Lists of objects (a member's projects) show how many there are; lists of values, the values.
  array: ({ value, locale }) =>
    Array.isArray(value)
      ? value.every((item) => typeof item !== 'object')
        ? value.map(text).join(', ')
        : new Intl.NumberFormat(locale).format(value.length)
      : '',
  object: () => '',
};

/** Fields whose x-admin `display` asks more than their kind: a resource path shows as its name. */
const displays = {
  resourceName: ({ value, translate }: FieldValueProps) =>
    typeof value === 'string' && value !== '' ? resourceName(translate, value) : '',
};

export const FieldValue = (props: FieldValueProps) => (
  <>{props.field.display ? displays[props.field.display](props) : renderers[props.field.kind](props)}</>
);
