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
  type ConnectorAppType,
  type ImapLabelMode,
} from '../../../../schemas/contracts/connectors';
import { DateTimePickerField } from '../../../components/pickers/DatePickers';
import {
  POST_PROCESSORS,
  SECURITY_PORTS,
  withSecurity,
  type ConnectorDraft,
  type ExchangeDraft,
  type GmailDraft,
  type ImapDraft,
  type ImapSecurity,
} from './connectorDraft';

const SECURITIES = Object.keys(SECURITY_PORTS) as ImapSecurity[];

/** A refusal by path, the client's or the server's: `settings.blacklist` also takes `settings.blacklist.2`. */
const problemAt = (problems: Record<string, string>, path: string): string | undefined =>
  problems[path] ?? Object.entries(problems).find(([p]) => p.startsWith(`${path}.`))?.[1] ?? undefined;

type ImapText = 'host' | 'port' | 'username' | 'password' | 'folder' | 'draftsFolder';
type GmailText = Exclude<keyof GmailDraft, 'customCredentials'>;
/** The words of Gmail's fields (`form.<key>`) where Exchange's of the same name say other things. */
const GMAIL_LABELS: Record<GmailText, string> = {
  user: 'gmailUser',
  clientId: 'gmailClientId',
  clientSecret: 'clientSecret',
  redirectUri: 'redirectUri',
};

/**
 * The fields of a connector (the wizard's first step, the detail's edit), in the spec's sections:
 * general information, input fields (the mailbox, what is read: its app type's own, then the start
 * date and the blacklist), output fields (what is written back). `problems`: the refusals by the
 * server's paths, each shown under its field. `edit`: the secret (password, client secret) is
 * changed only when typed; `secretStored` false when the connector has none to keep (a Gmail
 * connector whose own OAuth client is new): then it is asked for. `appTypeFixed` (on edit, and in the wizard once the connector exists):
 * the app type cannot change.
 */
export const ConnectorFields = ({
  draft,
  onChange,
  problems,
  edit = false,
  secretStored = edit,
  appTypeFixed = edit,
}: {
  draft: ConnectorDraft;
  onChange: (draft: ConnectorDraft, path: string) => void;
  problems: Record<string, string>;
  edit?: boolean;
  secretStored?: boolean;
  appTypeFixed?: boolean;
}) => {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) =>
    translate(`app.integrations.form.${key}`, values);
  const postProcessorsId = useId();
  const set =
    <K extends keyof ConnectorDraft>(key: K, path: string) =>
    (value: ConnectorDraft[K]) =>
      onChange({ ...draft, [key]: value }, path);
  /** A text field's label (`form.<key>`), value, problem and change, by the server's path of its value. */
  const text = (
    key: string,
    value: string,
    onValue: (value: string) => void,
    path: string,
    help?: string,
  ) => {
    const problem = problemAt(problems, path);
    return {
      label: t(key),
      value,
      onChange: (e: { target: { value: string } }) => onValue(e.target.value),
      error: problem !== undefined,
      helperText: problem ?? help,
      fullWidth: true,
    };
  };
  const imap = (next: ImapDraft, path: string) => onChange({ ...draft, imap: next }, path);
  const imapText = (key: ImapText, path: string, help?: string) =>
    text(key, draft.imap[key], (value) => imap({ ...draft.imap, [key]: value }, path), path, help);
  const exchangeText = (key: keyof ExchangeDraft, path: string, help?: string) =>
    text(
      key,
      draft.exchange[key],
      (value) => onChange({ ...draft, exchange: { ...draft.exchange, [key]: value } }, path),
      path,
      help,
    );
  const gmail = (next: GmailDraft, path: string) => onChange({ ...draft, gmail: next }, path);
  const gmailText = (key: GmailText, path: string, help?: string) => ({
    ...text(key, draft.gmail[key], (value) => gmail({ ...draft.gmail, [key]: value }, path), path, help),
    label: t(GMAIL_LABELS[key]),
  });
  const heading = (key: string) => (
    <Typography variant="subtitle1" component="h3">
      {translate(`app.integrations.detail.sections.${key}`)}
    </Typography>
  );
  const startProblem = problemAt(problems, 'settings.startDate');
  const blacklistProblem = problemAt(problems, 'settings.blacklist');
  const offered = POST_PROCESSORS[draft.appType];
  const chosen = draft.postProcessors.filter((p) => offered.includes(p));
  const labels = chosen.some((p) => p !== 'DRAFT');
  /** The secret's field: required on creation; on edit (`form.<change>`), changed only when typed. */
  const secret = (props: ReturnType<typeof text>, change: 'newPassword' | 'newClientSecret') =>
    edit && secretStored ? (
      <TextField
        {...props}
        label={t(change)}
        helperText={props.helperText ?? t(`${change}Help`)}
        type="password"
        autoComplete="new-password"
      />
    ) : (
      <TextField {...props} type="password" autoComplete="new-password" required />
    );
  return (
    <Stack spacing={2}>
      {heading('general')}
      <TextField {...text('name', draft.name, set('name', 'name'), 'name')} required />
      <TextField
        select
        label={t('appType')}
        value={draft.appType}
        onChange={(e) => set('appType', 'appType')(e.target.value as ConnectorAppType)}
        disabled={appTypeFixed}
        fullWidth
      >
        {CONNECTOR_APP_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {translate(`app.integrations.appTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>

      {heading('input')}
      {draft.appType === 'imap' ? (
        <>
          <TextField {...imapText('host', 'settings.host', t('hostHelp'))} required />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('security')}
              value={draft.imap.security}
              onChange={(e) =>
                imap(withSecurity(draft.imap, e.target.value as ImapSecurity), 'settings.security')
              }
              fullWidth
            >
              {SECURITIES.map((security) => (
                <MenuItem key={security} value={security}>
                  {t(`securities.${security}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              {...imapText('port', 'settings.port')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ maxWidth: { sm: 160 } }}
            />
          </Stack>
          <TextField {...imapText('username', 'settings.username')} required autoComplete="off" />
          {secret(imapText('password', 'secrets.password'), 'newPassword')}
          <TextField {...imapText('folder', 'settings.folder', t('folderHelp'))} required />
        </>
      ) : draft.appType === 'exchange' ? (
        <>
          <TextField
            {...exchangeText('clientId', 'settings.clientId', t('clientIdHelp'))}
            required
            autoComplete="off"
          />
          <TextField
            {...exchangeText('tenantId', 'settings.tenantId', t('tenantIdHelp'))}
            required
            autoComplete="off"
          />
          {secret(exchangeText('clientSecret', 'secrets.clientSecret'), 'newClientSecret')}
          <TextField
            {...exchangeText('userEmail', 'settings.userEmail', t('userEmailHelp'))}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'email' } }}
          />
        </>
      ) : (
        <>
          <TextField
            {...gmailText('user', 'settings.user', t('gmailUserHelp'))}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'email' } }}
          />
          <FormControl>
            <FormControlLabel
              label={t('customCredentials')}
              control={
                <Switch
                  checked={draft.gmail.customCredentials}
                  onChange={(e) =>
                    gmail(
                      { ...draft.gmail, customCredentials: e.target.checked },
                      'settings.customCredentials',
                    )
                  }
                />
              }
            />
            <FormHelperText sx={{ mt: 0 }}>
              {t(draft.gmail.customCredentials ? 'customCredentialsOn' : 'customCredentialsOff')}
            </FormHelperText>
          </FormControl>
          {draft.gmail.customCredentials ? (
            <>
              <TextField
                {...gmailText('clientId', 'settings.clientId', t('gmailClientIdHelp'))}
                required
                autoComplete="off"
              />
              {secret(gmailText('clientSecret', 'secrets.clientSecret'), 'newClientSecret')}
              <TextField
                {...gmailText('redirectUri', 'settings.redirectUri', t('redirectUriHelp'))}
                required
                autoComplete="off"
                slotProps={{ htmlInput: { inputMode: 'url' } }}
              />
            </>
          ) : null}
        </>
      )}
      <DateTimePickerField
        label={t('startDate')}
        value={draft.startDate}
        onChange={set('startDate', 'settings.startDate')}
        error={startProblem !== undefined}
        helperText={startProblem ?? t('startDateHelp')}
        fullWidth
      />
      <TextField
        {...text('blacklist', draft.blacklist, set('blacklist', 'settings.blacklist'), 'settings.blacklist')}
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
          {offered.map((p) => (
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
        {draft.appType !== 'imap' && labels ? (
          <FormHelperText>
            {t(draft.appType === 'exchange' ? 'outlookCategories' : 'gmailLabels')}
          </FormHelperText>
        ) : null}
      </FormControl>
      {chosen.length === 0 ? <Alert severity="warning">{t('noPostProcessor')}</Alert> : null}
      {draft.appType === 'imap' ? (
        <>
          {labels ? (
            <TextField
              select
              label={t('labelMode')}
              value={draft.imap.labelMode}
              onChange={(e) =>
                imap({ ...draft.imap, labelMode: e.target.value as ImapLabelMode }, 'settings.labelMode')
              }
              helperText={t(`labelModeHelp.${draft.imap.labelMode}`)}
            >
              {IMAP_LABEL_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {t(`labelModes.${mode}`)}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField {...imapText('draftsFolder', 'settings.draftsFolder', t('draftsFolderHelp'))} />
        </>
      ) : null}
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
