import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import {
  OUTPUT_FLAGS,
  outputWarnings,
  type OutputFlag,
  type OutputSettings,
} from '../../../../schemas/output';

/**
 * The output module's choices (spec pipeline §3 "Output module flags"): what the payload of each
 * analysis carries, the categories to leave out, and the warnings of spec §5 and §8, shown as the
 * user changes them. `categoryNames` is null when an advanced categorisation writes its own.
 */
export const OutputChoices = ({
  value,
  onChange,
  categorizationActive,
  categoryNames,
  problem,
}: {
  value: OutputSettings;
  onChange: (value: OutputSettings) => void;
  categorizationActive: boolean;
  categoryNames: string[] | null;
  problem?: string;
}) => {
  const translate = useTranslate();
  const checked = (flag: OutputFlag) => (flag === 'categories' ? value.categories.enabled : value[flag]);
  const toggle = (flag: OutputFlag, on: boolean) =>
    onChange(
      flag === 'categories'
        ? { ...value, categories: { ...value.categories, enabled: on } }
        : { ...value, [flag]: on },
    );
  const warnings = outputWarnings(value, { categorizationActive, categoryNames });

  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {translate('app.modules.output.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.modules.output.help')}
      </Typography>
      <FormGroup role="group" aria-label={translate('app.modules.output.title')}>
        {OUTPUT_FLAGS.map((flag) => (
          <FormControlLabel
            key={flag}
            control={<Checkbox checked={checked(flag)} onChange={(e) => toggle(flag, e.target.checked)} />}
            label={translate(`app.modules.output.flags.${flag}`)}
          />
        ))}
      </FormGroup>
      {value.categories.enabled ? (
        <Autocomplete
          multiple
          freeSolo
          options={categoryNames ?? []}
          value={value.categories.skip}
          onChange={(_event, skip) => onChange({ ...value, categories: { ...value.categories, skip } })}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('app.modules.output.skip')}
              helperText={translate('app.modules.output.skipHelp')}
            />
          )}
        />
      ) : null}
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      {warnings.map((w) => (
        <Alert key={w.code} severity="warning">
          {translate(`app.modules.output.warnings.${w.code}`, {
            names: w.code === 'skipMismatch' ? w.names.join(', ') : '',
          })}
        </Alert>
      ))}
    </Stack>
  );
};
