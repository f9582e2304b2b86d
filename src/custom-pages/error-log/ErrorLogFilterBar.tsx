import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { TRACE_STEPS, type TraceStep } from '../../../schemas/analysis-result';
import { ERROR_LOG_KINDS, type ErrorLogKind } from '../../../schemas/contracts/error-log';
import { ChoiceField } from '../../components/ChoiceField';
import type { ErrorLogFilters } from './errorLogFilters';

/** The error log's filters: kind, step, category (applied on Enter or on leaving the field), dates. */
export const ErrorLogFilterBar = ({
  filters,
  onChange,
}: {
  filters: ErrorLogFilters;
  onChange: (filters: ErrorLogFilters) => void;
}) => {
  const translate = useTranslate();
  const [category, setCategory] = useState(filters.category);
  const commitCategory = () => category !== filters.category && onChange({ ...filters, category });
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
      <TextField
        label={translate('app.errorLog.filters.category')}
        value={category}
        onChange={(event) => setCategory(event.target.value)}
        onBlur={commitCategory}
        onKeyDown={(event) => event.key === 'Enter' && commitCategory()}
        helperText={translate('app.errorLog.filters.categoryHelp')}
      />
      {(['from', 'to'] as const).map((side) => (
        <TextField
          key={side}
          type="date"
          label={translate(`app.errorLog.filters.${side}`)}
          value={filters[side]}
          onChange={(event) => onChange({ ...filters, [side]: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
    </Stack>
  );
};
