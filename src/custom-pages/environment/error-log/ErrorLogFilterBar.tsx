import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { TRACE_STEPS, type TraceStep } from '../../../../schemas/analysis-result';
import { ERROR_LOG_KINDS, type ErrorLogKind } from '../../../../schemas/contracts/error-log';
import { ChoiceField } from '../../../components/ChoiceField';
import { DatePickerField } from '../../../components/pickers/DatePickers';
import type { ErrorLogFilters } from './errorLogFilters';

/** The category filter's "any category" option (no category sent). */
const ANY_CATEGORY = '';

/**
 * The error log's filters: kind, step, category, dates.
 *
 * The category is picked among `categories` or typed (its exact name, applied on Enter or on
 * leaving the field). The environment's own list of categories is not offered: the `category`
 * resource is read by configurators only (`x-admin.access.read`, enforced by
 * server/resources/reads.ts) while this page is for qualifiers, whom listing it would answer 403.
 * So `categories` are those the entries read so far carried (useErrorLog), and any other
 * category, one without a failure shown yet, can still be typed.
 */
export const ErrorLogFilterBar = ({
  filters,
  categories,
  onChange,
}: {
  filters: ErrorLogFilters;
  categories: string[];
  onChange: (filters: ErrorLogFilters) => void;
}) => {
  const translate = useTranslate();
  const [category, setCategory] = useState(filters.category);
  const commitCategory = (value: string) =>
    value.trim() !== filters.category && onChange({ ...filters, category: value.trim() });
  const anyCategory = translate('app.errorLog.filters.anyCategory');
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      <ChoiceField
        label={translate('app.errorLog.filters.kind')}
        value={filters.kind}
        options={ERROR_LOG_KINDS.map((value) => ({ value, label: translate(`app.errorLog.kinds.${value}`) }))}
        onChange={(value) => onChange({ ...filters, kind: value as ErrorLogKind })}
      />
      <ChoiceField
        label={translate('app.errorLog.filters.step')}
        value={filters.step || 'any'}
        options={[
          { value: 'any', label: translate('app.errorLog.filters.anyStep') },
          ...TRACE_STEPS.map((value) => ({ value, label: translate(`app.analyses.trace.steps.${value}`) })),
        ]}
        onChange={(value) => onChange({ ...filters, step: value === 'any' ? '' : (value as TraceStep) })}
      />
      <Autocomplete
        freeSolo
        options={[ANY_CATEGORY, ...categories]}
        // "Any category" leaves the field empty (its placeholder says so) and is offered only then.
        getOptionLabel={(option) => option}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            {option === ANY_CATEGORY ? anyCategory : option}
          </li>
        )}
        value={filters.category}
        onChange={(_event, value) => commitCategory(value ?? ANY_CATEGORY)}
        inputValue={category}
        onInputChange={(_event, value) => setCategory(value)}
        // Enter on an emptied field: MUI selects nothing, the filter is cleared as before.
        onKeyDown={(event) => event.key === 'Enter' && !category.trim() && commitCategory(ANY_CATEGORY)}
        sx={{ minWidth: 240 }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate('app.errorLog.filters.category')}
            placeholder={anyCategory}
            onBlur={() => commitCategory(category)}
            helperText={translate('app.errorLog.filters.categoryHelp')}
            slotProps={{ inputLabel: { ...params.InputLabelProps, shrink: true } }}
          />
        )}
      />
      {(['from', 'to'] as const).map((side) => (
        <DatePickerField
          key={side}
          label={translate(`app.errorLog.filters.${side}`)}
          value={filters[side]}
          onChange={(value) => value !== filters[side] && onChange({ ...filters, [side]: value })}
        />
      ))}
    </Stack>
  );
};
