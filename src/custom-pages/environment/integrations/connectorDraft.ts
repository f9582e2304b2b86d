import type { TranslateFunction } from 'react-admin';
import {
  BLACKLIST_ENTRY,
  BLACKLIST_MAX,
  IMAP_POST_PROCESSORS,
  START_DATE_MAX_AGE_HOURS,
  type Connector,
  type ConnectorAppType,
  type ImapPostProcessor,
  type ImapSettings,
  type ImapLabelMode,
} from '../../../../schemas/contracts/connectors';
import { detailMessage } from '../../../api/errors';

export type ImapSecurity = ImapSettings['security'];

/** The port each security uses unless told otherwise (RFC 8314: 993 for TLS, 143 for IMAP). */
export const SECURITY_PORTS: Record<ImapSecurity, number> = { tls: 993, starttls: 143, none: 143 };

/**
 * A connector's form as typed: text fields as strings (the port, the start date as a local
 * `YYYY-MM-DDTHH:mm`, '' for none; the blacklist one entry per line), the password '' when not typed.
 */
export interface ConnectorDraft {
  name: string;
  appType: ConnectorAppType;
  host: string;
  port: string;
  security: ImapSecurity;
  username: string;
  password: string;
  folder: string;
  draftsFolder: string;
  startDate: string;
  blacklist: string;
  postProcessors: ImapPostProcessor[];
  labelMode: ImapLabelMode;
  expectConsolidation: boolean;
}

export const newDraft = (): ConnectorDraft => ({
  name: '',
  appType: 'imap',
  host: '',
  port: String(SECURITY_PORTS.tls),
  security: 'tls',
  username: '',
  password: '',
  folder: 'INBOX',
  draftsFolder: '',
  startDate: '',
  blacklist: '',
  postProcessors: ['LABEL'],
  labelMode: 'keyword',
  expectConsolidation: false,
});

/** An instant as the date-time field reads it: local time to the minute. */
export const localDateTime = (iso: string): string => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export const draftOf = (connector: Connector): ConnectorDraft => {
  const s = connector.settings;
  return {
    name: connector.name,
    appType: connector.appType,
    host: s.host,
    port: String(s.port),
    security: s.security,
    username: s.username,
    password: '',
    folder: s.folder,
    draftsFolder: s.draftsFolder ?? '',
    startDate: s.startDate ? localDateTime(s.startDate) : '',
    blacklist: s.blacklist.join('\n'),
    postProcessors: [...s.postProcessors],
    labelMode: s.labelMode,
    expectConsolidation: s.expectConsolidation,
  };
};

/** A change of security moves a port left at the previous security's default to the new one's. */
export const withSecurity = (draft: ConnectorDraft, security: ImapSecurity): ConnectorDraft => ({
  ...draft,
  security,
  port: draft.port === String(SECURITY_PORTS[draft.security]) ? String(SECURITY_PORTS[security]) : draft.port,
});

const blacklistOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The settings as the contract takes them. `stored`: the connector's saved settings, whose start
 * date is sent back unchanged when the field still shows it (the server keeps a start date it
 * already has, however old; a new one may be at most 24 h before now).
 */
export const settingsOf = (draft: ConnectorDraft, stored?: ImapSettings): ImapSettings => {
  const keepsStart = stored?.startDate && draft.startDate === localDateTime(stored.startDate);
  return {
    host: draft.host.trim(),
    port: Number(draft.port),
    security: draft.security,
    username: draft.username.trim(),
    folder: draft.folder.trim(),
    draftsFolder: draft.draftsFolder.trim() || null,
    startDate: keepsStart
      ? stored.startDate
      : draft.startDate === ''
        ? null
        : new Date(draft.startDate).toISOString(),
    blacklist: blacklistOf(draft.blacklist),
    postProcessors: IMAP_POST_PROCESSORS.filter((p) => draft.postProcessors.includes(p)),
    labelMode: draft.labelMode,
    expectConsolidation: draft.expectConsolidation,
  };
};

const HOUR_MS = 3_600_000;

/**
 * What the contract would refuse, by the server's paths (`settings.host`…), in the user's words:
 * the call is not made while there is any. `passwordRequired` on creation; `stored` as settingsOf.
 */
export const draftProblems = (
  translate: TranslateFunction,
  draft: ConnectorDraft,
  { passwordRequired, stored }: { passwordRequired: boolean; stored?: ImapSettings },
): Record<string, string> => {
  const t = (key: string, values?: Record<string, unknown>) =>
    translate(`app.integrations.form.${key}`, values);
  const problems: Record<string, string> = {};
  const required: [string, string][] = [
    ['name', draft.name],
    ['settings.host', draft.host],
    ['settings.username', draft.username],
    ['settings.folder', draft.folder],
  ];
  for (const [path, value] of required) if (!value.trim()) problems[path] = t('required');
  if (draft.name.trim().length > 200) problems.name = t('tooLong', { max: 200 });
  if (draft.host.trim().length > 253) problems['settings.host'] = t('tooLong', { max: 253 });
  const port = Number(draft.port);
  if (!/^\d+$/.test(draft.port.trim()) || port < 1 || port > 65_535)
    problems['settings.port'] = t('portInvalid');
  if (passwordRequired && !draft.password) problems['secrets.password'] = t('required');
  const entries = blacklistOf(draft.blacklist);
  const wrong = entries.filter((e) => e.length > 320 || !BLACKLIST_ENTRY.test(e));
  if (wrong.length) problems['settings.blacklist'] = t('blacklistInvalid', { entries: wrong.join(', ') });
  else if (entries.length > BLACKLIST_MAX)
    problems['settings.blacklist'] = t('blacklistTooMany', { max: BLACKLIST_MAX });
  const { startDate } = settingsOf(draft, stored);
  if (
    startDate !== null &&
    startDate !== stored?.startDate &&
    Date.parse(startDate) < Date.now() - START_DATE_MAX_AGE_HOURS * HOUR_MS
  ) {
    problems['settings.startDate'] = detailMessage({
      code: 'startDateTooEarly',
      params: { hours: START_DATE_MAX_AGE_HOURS },
      message: `The start date cannot be more than ${START_DATE_MAX_AGE_HOURS} hours before now`,
    });
  }
  return problems;
};
