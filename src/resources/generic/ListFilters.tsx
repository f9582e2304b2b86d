import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { DatePickerField } from '../../components/pickers/DatePickers';
import { RESOURCE_NAMES, resourceName, useResourceLabels } from '../labels';
import type { FieldDescriptor, ResourceDescriptor } from '../types';

const filterValue = (values: Record<string, unknown>, name: string): string => {
  const value = values[name];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';
};

/**
 * The values of a filter that a link set on several at once (an alert's mail: waiting or pending),
 * which the one-value select shows as a choice of its own; undefined for one value or none.
 */
const severalValues = (values: Record<string, unknown>, name: string): string[] | undefined => {
  const value = values[name];
  return Array.isArray(value) && value.length > 1 ? value.map(String) : undefined;
};
/** The select's value standing for several values. */
const SEVERAL = '\u0000several';

/**
 * The full-text search (`q`, over the x-admin `searchFields`) and one input per x-admin `filters`
 * field: a select for enums, booleans and resource names, a period (from, to) for date-times, text
 * otherwise. The server does the filtering. Inputs keep their natural width (react-admin's theme makes text fields
 * full width), so the filters sit side by side and wrap.
 */
export const ListFilters = ({ resource }: { resource: ResourceDescriptor }) => {
  const translate = useTranslate();
  const labels = useResourceLabels(resource);
  const { filterValues, setFilters } = useListContext();
  const [search, setSearch] = useState(filterValue(filterValues, 'q'));
  const filters = (resource.hints.filters ?? [])
    .map((name) => resource.fields.find((field) => field.name === name))
    .filter((field): field is FieldDescriptor => field !== undefined);

  // Typing waits for a pause before asking the server (react-admin's debounce).
  useEffect(() => {
    if (search === filterValue(filterValues, 'q')) return;
    setFilters({ ...filterValues, q: search }, undefined, true);
  }, [search, filterValues, setFilters]);

  const choose = (field: FieldDescriptor, raw: string) => {
    const value = field.kind === 'boolean' && raw !== '' ? raw === 'true' : raw;
    setFilters({ ...filterValues, [field.name]: value }, undefined, false);
  };
  /**
   * A date-time filter is a period: `<field>_gte` from the start of its first day, `<field>_lte` to
   * the end of its last, in the user's time zone.
   */
  const bound = (field: FieldDescriptor, side: 'gte' | 'lte', day: string) => {
    const key = `${field.name}_${side}`;
    const { [key]: _previous, ...others } = filterValues as Record<string, unknown>;
    if (day === '') return setFilters(others, undefined, false);
    const [year, month, date] = day.split('-').map(Number);
    const at =
      side === 'gte' ? new Date(year, month - 1, date) : new Date(year, month - 1, date, 23, 59, 59, 999);
    setFilters({ ...others, [key]: at.toISOString() }, undefined, false);
  };
  const dayOf = (field: FieldDescriptor, side: 'gte' | 'lte') => {
    const value = filterValues[`${field.name}_${side}`];
    if (typeof value !== 'string') return '';
    const at = new Date(value);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  };
  const options = (field: FieldDescriptor) =>
    field.display === 'resourceName'
      ? RESOURCE_NAMES.map((value) => ({ value, label: resourceName(translate, value) })).sort((a, b) =>
          a.label.localeCompare(b.label),
        )
      : field.kind === 'boolean'
        ? [
            { value: 'true', label: translate('ra.boolean.true') },
            { value: 'false', label: translate('ra.boolean.false') },
          ]
        : field.values.map((value) => ({ value, label: labels.value(field.name, value) }));

  const several = new Map(filters.map((field) => [field.name, severalValues(filterValues, field.name)]));

  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', flex: 1 }}>
      {resource.hints.searchFields?.length ? (
        <TextField
          size="small"
          fullWidth={false}
          type="search"
          label={translate('ra.action.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      ) : null}
      {filters.map((field) =>
        field.kind === 'dateTime' ? (
          (['gte', 'lte'] as const).map((side) => (
            <DatePickerField
              key={`${field.name}_${side}`}
              size="small"
              label={translate(`app.lists.${side === 'gte' ? 'from' : 'to'}`, {
                field: labels.field(field.name),
              })}
              value={dayOf(field, side)}
              onChange={(value) => value !== dayOf(field, side) && bound(field, side, value)}
            />
          ))
        ) : field.kind === 'enum' || field.kind === 'boolean' || field.display === 'resourceName' ? (
          <TextField
            key={field.name}
            select
            size="small"
            fullWidth={false}
            sx={{ minWidth: 160 }}
            label={labels.field(field.name)}
            value={several.get(field.name) ? SEVERAL : filterValue(filterValues, field.name)}
            onChange={(event) => {
              if (event.target.value !== SEVERAL) choose(field, event.target.value);
            }}
          >
            <MenuItem value="">{translate('app.lists.all')}</MenuItem>
            {several.get(field.name) && (
              <MenuItem value={SEVERAL}>
                {several
                  .get(field.name)!
                  .map((value) => options(field).find((o) => o.value === value)?.label ?? value)
                  .join(', ')}
              </MenuItem>
            )}
            {options(field).map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            key={field.name}
            size="small"
            fullWidth={false}
            label={labels.field(field.name)}
            value={filterValue(filterValues, field.name)}
            onChange={(event) => choose(field, event.target.value)}
          />
        ),
      )}
    </Stack>
  );
};
