import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';

export type MetadataType = 'text' | 'number' | 'boolean';
export interface MetadataRow {
  key: string;
  type: MetadataType;
  value: string;
}
export type MetadataValue = string | number | boolean;

const TYPES: readonly MetadataType[] = ['text', 'number', 'boolean'];

/** A number as a person types it: `12`, `-3.5`, `1e3`; a comma is not a decimal separator here. */
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

const isBlank = (row: MetadataRow) => row.key.trim() === '' && row.value.trim() === '';

/** What is wrong with each row, by the message's key (app.analyses.metadata.*); blank rows are ignored. */
export const metadataProblems = (rows: readonly MetadataRow[]) => {
  const seen = new Set<string>();
  return rows.map((row) => {
    if (isBlank(row)) return {};
    const key = row.key.trim();
    const problems: { key?: string; value?: string } = {};
    if (key === '') problems.key = 'keyRequired';
    else if (seen.has(key)) problems.key = 'duplicate';
    seen.add(key);
    if (row.type === 'number' && !NUMBER.test(row.value.trim())) problems.value = 'notANumber';
    if (row.type === 'boolean' && row.value !== 'true' && row.value !== 'false')
      problems.value = 'chooseYesNo';
    return problems;
  });
};

/** The rows as the API's `metadata` object, typed; undefined when there is none. */
export const toMetadata = (rows: readonly MetadataRow[]): Record<string, MetadataValue> | undefined => {
  const filled = rows.filter((row) => !isBlank(row));
  if (filled.length === 0) return undefined;
  return Object.fromEntries(
    filled.map((row) => [
      row.key.trim(),
      row.type === 'number'
        ? Number(row.value.trim())
        : row.type === 'boolean'
          ? row.value === 'true'
          : row.value,
    ]),
  );
};

interface MetadataEditorProps {
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
  /** Whether the form was submitted: problems show from then on. */
  submitted: boolean;
  /** The server's refusal of the metadata, if any. */
  error?: string;
}

/**
 * The analysis's metadata (pipeline spec, 'Analysis'): keys and typed values, stored with the analysis,
 * given back in its result and its webhook, and tested by category rules' metadata criteria.
 */
export const MetadataEditor = ({ rows, onChange, submitted, error }: MetadataEditorProps) => {
  const translate = useTranslate();
  const headingId = useId();
  const problems = metadataProblems(rows);
  const set = (index: number, change: Partial<MetadataRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const say = (problem: string | undefined) =>
    submitted && problem ? translate(`app.analyses.metadata.${problem}`) : undefined;

  return (
    <Stack spacing={1} role="group" aria-labelledby={headingId} sx={{ alignItems: 'flex-start' }}>
      <Typography id={headingId} variant="subtitle2">
        {translate('app.analyses.metadata.title')}
      </Typography>
      {rows.map((row, index) => {
        const keyError = say(problems[index].key);
        const valueError = say(problems[index].value);
        const number = index + 1;
        return (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start', width: '100%' }}>
            <TextField
              size="small"
              label={translate('app.analyses.metadata.key', { number })}
              value={row.key}
              onChange={(event) => set(index, { key: event.target.value })}
              error={Boolean(keyError)}
              helperText={keyError}
              sx={{ flex: 2 }}
            />
            <TextField
              select
              size="small"
              label={translate('app.analyses.metadata.type', { number })}
              value={row.type}
              onChange={(event) => {
                const type = event.target.value as MetadataType;
                set(index, {
                  type,
                  value: type === 'boolean' ? 'true' : row.type === 'boolean' ? '' : row.value,
                });
              }}
              sx={{ flex: 1, minWidth: 110 }}
            >
              {TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {translate(`app.analyses.metadata.types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select={row.type === 'boolean'}
              size="small"
              label={translate('app.analyses.metadata.value', { number })}
              value={row.value}
              onChange={(event) => set(index, { value: event.target.value })}
              error={Boolean(valueError)}
              helperText={valueError}
              slotProps={{ htmlInput: row.type === 'number' ? { inputMode: 'decimal' } : {} }}
              sx={{ flex: 2 }}
            >
              <MenuItem value="true">{translate('app.analyses.metadata.yes')}</MenuItem>
              <MenuItem value="false">{translate('app.analyses.metadata.no')}</MenuItem>
            </TextField>
            <IconButton
              aria-label={translate('app.analyses.metadata.remove', { number })}
              onClick={() => onChange(rows.filter((_row, i) => i !== index))}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Stack>
        );
      })}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => onChange([...rows, { key: '', type: 'text', value: '' }])}
      >
        {translate('app.analyses.metadata.add')}
      </Button>
      <FormHelperText error={Boolean(error)} role={error ? 'alert' : undefined}>
        {error ?? translate('app.analyses.metadata.help')}
      </FormHelperText>
    </Stack>
  );
};
