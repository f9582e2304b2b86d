import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import {
  CONNECTOR_APP_TYPES,
  IMAP_LABEL_MODES,
  IMAP_POST_PROCESSORS,
  type ImapLabelMode,
} from '../../../../schemas/contracts/connectors';
import { DateTimePickerField } from '../../../components/pickers/DatePickers';
import { SECURITY_PORTS, withSecurity, type ConnectorDraft, type ImapSecurity } from './connectorDraft';

const SECURITIES = Object.keys(SECURITY_PORTS) as ImapSecurity[];

/** A refusal by path, the client's or the server's: `settings.blacklist` also takes `settings.blacklist.2`. */
const problemAt = (problems: Record<string, string>, path: string): string | undefined =>
  problems[path] ?? Object.entries(problems).find(([p]) => p.startsWith(`${path}.`))?.[1] ?? undefined;

/**
 * The fields of a connector (the wizard's first step, the detail's edit), in the spec's sections:
 * general information, input fields (the mailbox, what is read), output fields (what is written
 * back). `problems`: the refusals by the server's paths, each shown under its field. `edit`: the
 * app type is fixed and the password is changed only when typed.
 */
export const ConnectorFields = ({
  draft,
  onChange,
  problems,
  edit = false,
}: {
  draft: ConnectorDraft;
  onChange: (draft: ConnectorDraft, path: string) => void;
  problems: Record<string, string>;
  edit?: boolean;
}) => {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) =>
    translate(`app.integrations.form.${key}`, values);
  const postProcessorsId = useId();
  const set =
    <K extends keyof ConnectorDraft>(key: K, path: string) =>
    (value: ConnectorDraft[K]) =>
      onChange({ ...draft, [key]: value }, path);
  /** A text field's value, problem and change, by the server's path of its value. */
  const text = (key: keyof ConnectorDraft & string, path: string, help?: string) => {
    const problem = problemAt(problems, path);
    return {
      label: t(key),
      value: draft[key] as string,
      onChange: (e: { target: { value: string } }) => set(key, path)(e.target.value),
      error: problem !== undefined,
      helperText: problem ?? help,
      fullWidth: true,
    };
  };
  const heading = (key: string) => (
    <Typography variant="subtitle1" component="h3">
      {translate(`app.integrations.detail.sections.${key}`)}
    </Typography>
  );
  const startProblem = problemAt(problems, 'settings.startDate');
  const blacklistProblem = problemAt(problems, 'settings.blacklist');
  return (
    <Stack spacing={2}>
      {heading('general')}
      <TextField {...text('name', 'name')} required />
      <TextField
        select
        label={t('appType')}
        value={draft.appType}
        onChange={(e) => set('appType', 'appType')(e.target.value as ConnectorDraft['appType'])}
        disabled={edit}
        fullWidth
      >
        {CONNECTOR_APP_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {translate(`app.integrations.appTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>

      {heading('input')}
      <TextField {...text('host', 'settings.host', t('hostHelp'))} required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('security')}
          value={draft.security}
          onChange={(e) => onChange(withSecurity(draft, e.target.value as ImapSecurity), 'settings.security')}
          fullWidth
        >
          {SECURITIES.map((security) => (
            <MenuItem key={security} value={security}>
              {t(`securities.${security}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...text('port', 'settings.port')}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: { sm: 160 } }}
        />
      </Stack>
      <TextField {...text('username', 'settings.username')} required autoComplete="off" />
      {edit ? (
        <TextField
          {...text('password', 'secrets.password', t('newPasswordHelp'))}
          label={t('newPassword')}
          type="password"
          autoComplete="new-password"
        />
      ) : (
        <TextField
          {...text('password', 'secrets.password')}
          type="password"
          autoComplete="new-password"
          required
        />
      )}
      <TextField {...text('folder', 'settings.folder', t('folderHelp'))} required />
      <DateTimePickerField
        label={t('startDate')}
        value={draft.startDate}
        onChange={set('startDate', 'settings.startDate')}
        error={startProblem !== undefined}
        helperText={startProblem ?? t('startDateHelp')}
        fullWidth
      />
      <TextField
        {...text('blacklist', 'settings.blacklist', t('blacklistHelp'))}
        error={blacklistProblem !== undefined}
        helperText={blacklistProblem ?? t('blacklistHelp')}
        multiline
        minRows={2}
      />

      {heading('output')}
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend" id={postProcessorsId}>
          {t('postProcessors')}
        </FormLabel>
        <FormGroup aria-labelledby={postProcessorsId}>
          {IMAP_POST_PROCESSORS.map((p) => (
            <FormControlLabel
              key={p}
              label={t(`postProcessorNames.${p}`)}
              control={
                <Checkbox
                  checked={draft.postProcessors.includes(p)}
                  onChange={(e) =>
                    set(
                      'postProcessors',
                      'settings.postProcessors',
                    )(
                      e.target.checked
                        ? [...draft.postProcessors, p]
                        : draft.postProcessors.filter((x) => x !== p),
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      {draft.postProcessors.length === 0 ? <Alert severity="warning">{t('noPostProcessor')}</Alert> : null}
      {draft.postProcessors.some((p) => p !== 'DRAFT') ? (
        <TextField
          select
          label={t('labelMode')}
          value={draft.labelMode}
          onChange={(e) => set('labelMode', 'settings.labelMode')(e.target.value as ImapLabelMode)}
          helperText={t(`labelModeHelp.${draft.labelMode}`)}
        >
          {IMAP_LABEL_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {t(`labelModes.${mode}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <TextField {...text('draftsFolder', 'settings.draftsFolder', t('draftsFolderHelp'))} />
      <FormControl>
        <FormControlLabel
          label={t('expectConsolidation')}
          control={
            <Switch
              checked={draft.expectConsolidation}
              onChange={(e) => set('expectConsolidation', 'settings.expectConsolidation')(e.target.checked)}
            />
          }
        />
        <FormHelperText sx={{ mt: 0 }}>{t('expectConsolidationHelp')}</FormHelperText>
      </FormControl>
    </Stack>
  );
};
