import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { translateDetail } from '../../../i18n/errorCodes';
import { CodeField } from '../../../components/code/CodeField';
import { stillRefused, type ModuleSettingsProps, type ServerProblem } from './serverProblems';
import {
  compilesAsRegex,
  OCR_DATA_LIMITS,
  OCR_VALUE_TYPES,
  ocrDataProblems,
  type OcrDataField,
  type OcrDataProblem,
  type OcrDataSettings,
  type OcrValueType,
} from '../../../../schemas/ocr-data';

type Translate = ReturnType<typeof useTranslate>;

/** The codes whose words name the field by its key, and their words for a field without one yet. */
const UNNAMED: Record<string, string> = {
  badKey: 'keyRequired',
  anchorsRequired: 'anchorsRequiredUnnamed',
  badPattern: 'badPatternUnnamed',
  patternRefused: 'patternRefusedUnnamed',
};
const wordsOf = (code: string, key: string) =>
  `app.modules.ocrData.problems.${(!key && UNNAMED[code]) || code}`;

/** A problem's console words, with its parameters. */
const problemText = (translate: Translate, p: OcrDataProblem) => {
  const key = 'key' in p ? p.key : '';
  return translate(wordsOf(p.code, key), {
    key,
    category: 'category' in p ? p.category : '',
    reason:
      'refusal' in p ? translateDetail(translate, p.refusal.code, p.refusal.params ?? {}, p.reason) : '',
  });
};

/**
 * A refusal of the server in the console's words, by its code, with the parameters read from the
 * settings at its path. The server's pattern check is stricter than the console's (it refuses
 * expressions at risk of catastrophic backtracking) and its reason is English: it has its own words.
 */
const serverText = (translate: Translate, value: OcrDataSettings, path: string, p: ServerProblem) => {
  const index = /^fields\.(\d+)\./.exec(path)?.[1];
  const key = index === undefined ? '' : (value.fields[Number(index)]?.key ?? '');
  const code = p.keyword === 'badPattern' ? 'patternRefused' : (p.keyword ?? 'refused');
  return translate(wordsOf(code, key), {
    key,
    category: value.category,
    _: translate('app.modules.ocrData.problems.refused'),
  });
};

/** A list of words typed one by one (anchors, file name patterns), shown as chips. */
const WordList = ({
  label,
  help,
  values,
  onChange,
  error,
  max,
}: {
  label: string;
  help: string;
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
  max: number;
}) => (
  <Autocomplete
    multiple
    freeSolo
    options={[]}
    value={values}
    onChange={(_event, next) => onChange([...new Set(next.map((v) => String(v).trim()).filter(Boolean))])}
    renderValue={(items, getItemProps) =>
      items.map((item, index) => {
        const { key, ...props } = getItemProps({ index });
        return <Chip key={key} size="small" label={item} {...props} />;
      })
    }
    renderInput={(params) => (
      <TextField
        {...params}
        label={label}
        error={Boolean(error)}
        helperText={error ?? help}
        slotProps={{ htmlInput: { ...params.inputProps, maxLength: max } }}
      />
    )}
  />
);

/**
 * The OCR data extraction's settings (spec pipeline §3 "OCR data extraction: category, documents,
 * fields"; docs/nlu.md): the category of the documents read, their file name patterns, and each
 * field's key, anchor labels, type and optional pattern. Problems show as the user types (the
 * category against the environment's `categories`, once loaded), over the server's own
 * (`serverProblems`, by path within the settings), all in the console's words. Links to the test page.
 */
export const OcrDataSettingsForm = ({
  value,
  onChange,
  categories,
  serverProblems,
  refusedValue,
  testPath,
}: ModuleSettingsProps<OcrDataSettings> & { testPath: string }) => {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) =>
    translate(`app.modules.ocrData.${key}`, values);
  const problems: Record<string, string> = {
    ...Object.fromEntries(
      stillRefused(serverProblems, refusedValue, value).map(([path, p]) => [
        path,
        serverText(translate, value, path, p),
      ]),
    ),
    ...Object.fromEntries(
      ocrDataProblems(value, compilesAsRegex, categories).map((p) => [p.path, problemText(translate, p)]),
    ),
  };
  const title = t('title');
  const setField = (index: number, change: Partial<OcrDataField>) =>
    onChange({ ...value, fields: value.fields.map((f, i) => (i === index ? { ...f, ...change } : f)) });
  // A stored category that no longer exists stays choosable, with its problem, until it is changed.
  const choices = [...new Set([...(categories ?? []), ...(value.category ? [value.category] : [])])];

  return (
    <Stack spacing={2} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('intro')}
      </Typography>
      <TextField
        select
        fullWidth
        label={t('category')}
        value={value.category}
        onChange={(e) => onChange({ ...value, category: e.target.value })}
        error={Boolean(problems.category)}
        helperText={problems.category ?? t('categoryHelp')}
      >
        <MenuItem value="">{t('everyDocument')}</MenuItem>
        {choices.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <WordList
        label={t('documents')}
        help={t('documentsHelp')}
        values={value.documents}
        onChange={(documents) => onChange({ ...value, documents })}
        max={OCR_DATA_LIMITS.document}
      />
      <Stack spacing={1} role="group" aria-label={t('fields')}>
        <Typography variant="subtitle1" component="h3">
          {t('fields')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('fieldsHelp')}
        </Typography>
        {value.fields.map((f, index) => {
          const path = `fields.${index}`;
          const n = index + 1;
          return (
            <Paper key={index} variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={t('field', { n })}>
              <Stack spacing={1.5}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <TextField
                    label={t('key')}
                    value={f.key}
                    onChange={(e) => setField(index, { key: e.target.value })}
                    error={Boolean(problems[`${path}.key`])}
                    helperText={problems[`${path}.key`] ?? t('keyHelp')}
                    sx={{ flex: 1 }}
                  />
                  <TextField
                    select
                    label={t('type')}
                    value={f.type}
                    onChange={(e) => setField(index, { type: e.target.value as OcrValueType })}
                    sx={{ width: 180 }}
                  >
                    {OCR_VALUE_TYPES.map((type) => (
                      <MenuItem key={type} value={type}>
                        {t(`types.${type}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <IconButton
                    aria-label={t('remove', { n })}
                    onClick={() => onChange({ ...value, fields: value.fields.filter((_, i) => i !== index) })}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Stack>
                <WordList
                  label={t('anchors')}
                  help={t('anchorsHelp')}
                  values={f.anchors}
                  onChange={(anchors) => setField(index, { anchors })}
                  error={problems[`${path}.anchors`]}
                  max={OCR_DATA_LIMITS.anchor}
                />
                <CodeField
                  label={t('pattern')}
                  language="regex"
                  singleLine
                  value={f.pattern}
                  onChange={(pattern) => setField(index, { pattern })}
                  problems={problems[`${path}.pattern`] ? [problems[`${path}.pattern`]] : []}
                  helperText={problems[`${path}.pattern`] ?? t('patternHelp')}
                  maxLength={OCR_DATA_LIMITS.pattern}
                />
              </Stack>
            </Paper>
          );
        })}
        {problems.fields ? <Alert severity="warning">{problems.fields}</Alert> : null}
        <div>
          <Button
            startIcon={<Add />}
            disabled={value.fields.length >= OCR_DATA_LIMITS.fields}
            onClick={() =>
              onChange({
                ...value,
                fields: [...value.fields, { key: '', anchors: [], pattern: '', type: 'text' }],
              })
            }
          >
            {t('addField')}
          </Button>
        </div>
      </Stack>
      <div>
        <Button component={RouterLink} to={testPath} variant="outlined">
          {t('test')}
        </Button>
      </div>
    </Stack>
  );
};
