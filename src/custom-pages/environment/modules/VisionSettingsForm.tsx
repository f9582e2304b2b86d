import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { CallOutput } from '../../../../schemas/contracts/define';
import type { listModules } from '../../../../schemas/contracts/modules';
import {
  VISION_LIMITS,
  VISION_TYPES,
  visionProblems,
  type VisionProblem,
  type VisionSettings,
  type VisionType,
} from '../../../../schemas/vision';
import { VisionKeysEditor } from './VisionKeysEditor';

/** Whether the deployment has an LLM endpoint (LLM_BASE_URL), and its model (LLM_MODEL). */
export type LlmEndpoint = CallOutput<typeof listModules>['llm'];

/** The list each strict type asks the model to answer from; the custom type has none. */
const KEYS_OF: Record<VisionType, 'categories' | 'fields' | null> = {
  custom: null,
  strict_classification: 'categories',
  strict_extraction: 'fields',
};

/** A problem's console words: an empty key is missing rather than malformed. */
const messageKey = (p: VisionProblem) =>
  `app.modules.vision.problems.${'key' in p && !p.key ? 'keyRequired' : p.code}`;

/**
 * The vision engine's settings (spec pipeline §3 "Vision engine", §4 "Vision engine type"): on or
 * off, its type, its prompt, and the categories or fields a strict type answers from. Problems
 * show as the user types, over the server's own (`serverProblems`, by path within the settings,
 * `''` for the settings as a whole). The other type's list stays in `value` when the type changes.
 */
export const VisionSettingsForm = ({
  value,
  onChange,
  llm,
  serverProblems,
}: {
  value: VisionSettings;
  onChange: (value: VisionSettings) => void;
  llm: LlmEndpoint;
  serverProblems: Record<string, string>;
}) => {
  const translate = useTranslate();
  const problems: Record<string, string> = {
    ...serverProblems,
    ...Object.fromEntries(
      visionProblems(value).map((p) => [p.path, translate(messageKey(p), { key: 'key' in p ? p.key : '' })]),
    ),
  };
  const keys = KEYS_OF[value.type];
  const title = translate('app.modules.vision.title');

  return (
    <Stack spacing={2} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {llm.configured ? (
        <Typography variant="caption" color="text.secondary">
          {llm.model
            ? translate('app.modules.vision.model', { model: llm.model })
            : translate('app.modules.vision.defaultModel')}
        </Typography>
      ) : (
        <Alert severity="warning">{translate('app.modules.vision.llmMissing')}</Alert>
      )}
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={value.active}
              onChange={(e) => onChange({ ...value, active: e.target.checked })}
            />
          }
          label={translate('app.modules.vision.active')}
        />
        <Typography variant="body2" color="text.secondary">
          {translate('app.modules.vision.activeHelp')}
        </Typography>
      </div>
      <TextField
        select
        fullWidth
        label={translate('app.modules.vision.type')}
        value={value.type}
        onChange={(e) => onChange({ ...value, type: e.target.value as VisionType })}
        helperText={translate(`app.modules.vision.typeHelp.${value.type}`)}
      >
        {VISION_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {translate(`app.modules.vision.types.${t}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        multiline
        minRows={4}
        fullWidth
        label={translate('app.modules.vision.prompt')}
        value={value.prompt}
        onChange={(e) => onChange({ ...value, prompt: e.target.value })}
        error={Boolean(problems.prompt)}
        helperText={problems.prompt ?? translate('app.modules.vision.promptHelp')}
        slotProps={{ htmlInput: { maxLength: VISION_LIMITS.prompt } }}
      />
      {keys ? (
        <VisionKeysEditor
          list={keys}
          keys={value[keys]}
          onChange={(next) => onChange({ ...value, [keys]: next })}
          problems={problems}
        />
      ) : null}
      {problems[''] ? <Alert severity="error">{problems['']}</Alert> : null}
    </Stack>
  );
};
