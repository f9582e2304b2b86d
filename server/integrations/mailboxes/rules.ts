import net from 'node:net';
import { z } from 'zod';
import {
  CONNECTOR_SECRETS,
  CONNECTOR_SETTINGS,
  START_DATE_MAX_AGE_HOURS,
  type ConnectorInput,
  type ExchangeSettings,
  type GmailSettings,
  type ImapSettings,
} from '../../../schemas/contracts/connectors';
import type { OutputPayload } from '../../../schemas/output';
import { NO_CATEGORY } from '../../../schemas/analysis-result';
import { fieldProblem } from '../../../schemas/detail-messages';
import { ClientError } from '../../kernel/http/errors';
import { isInternalAddress, type OutboundPolicy } from '../../kernel/outbound';
import { schemaProblems, validationError, type FieldError } from '../../resources/validation';

// The rules of mail connectors that hold whatever the mailbox (docs/connectors.md): the start
// date, blacklists, which host may be reached, and what an analysis's output writes back.

const HOUR_MS = 3_600_000;

/** Spec pipeline §5, §9: no earlier than 24 h before now; unset, 24 h ago. Answers the date to store. */
export const checkedStartDate = (value: string | null, now = Date.now()): string => {
  const earliest = now - START_DATE_MAX_AGE_HOURS * HOUR_MS;
  if (value === null) return new Date(earliest).toISOString();
  const at = Date.parse(value);
  // A minute of slack: the date the console proposes as "24 h ago" is a little older when it arrives.
  if (at < earliest - 60_000) {
    throw validationError([
      {
        ...fieldProblem('settings.startDate', 'startDateTooEarly', { hours: START_DATE_MAX_AGE_HOURS }),
        custom: true,
      },
    ]);
  }
  return new Date(at).toISOString();
};

/** Whether a sender is blacklisted: its address, or its domain or a parent domain of it. */
export const isBlacklisted = (address: string | undefined, blacklist: readonly string[]) => {
  if (!address || blacklist.length === 0) return false;
  const lower = address.toLowerCase();
  const domain = lower.split('@').pop() ?? '';
  return blacklist.some((entry) => {
    const e = entry.toLowerCase();
    if (e.includes('@') && !e.startsWith('@')) return e === lower;
    const d = e.replace(/^@/, '');
    return domain === d || domain.endsWith(`.${d}`);
  });
};

const LOCAL_NAME = /^(localhost|.*\.localhost)$/i;

/**
 * DESIGN.md §9: a mailbox on a private or loopback address is refused unless OUTBOUND_ALLOW names
 * it. At save, for a literal address or a localhost name; at each connection, for what the name
 * resolves to (imap.ts).
 */
export const checkHost = (host: string, policy: OutboundPolicy) => {
  const h = host.toLowerCase();
  const internal = (net.isIP(h) && isInternalAddress(h)) || LOCAL_NAME.test(h);
  if (internal && !policy.allows(h, net.isIP(h) ? h : '127.0.0.1')) {
    throw validationError([{ ...fieldProblem('settings.host', 'urlInternal', { host }), custom: true }]);
  }
};

/**
 * The settings as stored: the start date checked (and set when left out; kept when it is the one
 * stored), the blacklist without duplicates, an IMAP host checked against the outbound policy.
 */
export const storedSettings = (
  input: ConnectorInput,
  policy: OutboundPolicy,
  keepStartDate?: string,
): ImapSettings | ExchangeSettings | GmailSettings => {
  const { settings } = input;
  const startDate =
    keepStartDate !== undefined && settings.startDate === keepStartDate
      ? keepStartDate
      : checkedStartDate(settings.startDate);
  const blacklist = [...new Set(settings.blacklist.map((e) => e.toLowerCase()))];
  if (input.appType === 'exchange') return { ...input.settings, startDate, blacklist };
  if (input.appType === 'gmail') {
    const s = input.settings;
    if (s.customCredentials && (!s.clientId || !s.redirectUri))
      throw validationError(
        (['clientId', 'redirectUri'] as const)
          .filter((f) => !s[f])
          .map((f) => ({ ...fieldProblem(`settings.${f}`, 'secretRequired'), keyword: 'required' })),
      );
    return {
      ...s,
      clientId: s.customCredentials ? s.clientId : null,
      redirectUri: s.customCredentials ? s.redirectUri : null,
      startDate,
      blacklist,
    };
  }
  checkHost(input.settings.host, policy);
  return { ...input.settings, startDate, blacklist, labelMode: input.settings.labelMode ?? 'keyword' };
};

export const secretRequired = (field: string) =>
  validationError([{ ...fieldProblem(`secrets.${field}`, 'secretRequired'), keyword: 'required' }]);

export const CONNECTOR_NOT_FOUND = () => new ClientError(404, 'NOT_FOUND', 'No such connector');

/**
 * An IMAP keyword for a label (RFC 3501 atom: ASCII without spaces or specials): accents dropped,
 * every other character outside letters, digits, `_ - .` made `_`. "Réclamation urgente" →
 * "Reclamation_urgente".
 */
export const imapKeyword = (label: string) =>
  label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100) || 'label';

/** What one ended analysis gives the write-back (docs/connectors.md "Write-back"). */
export interface WriteBack {
  labels: string[];
  draft: string | null;
}

const labelsOfConsolidation = (exchangeLabels: unknown): string[] | null => {
  const list = Array.isArray(exchangeLabels)
    ? exchangeLabels
    : exchangeLabels &&
        typeof exchangeLabels === 'object' &&
        Array.isArray((exchangeLabels as { labels?: unknown }).labels)
      ? (exchangeLabels as { labels: unknown[] }).labels
      : null;
  return list ? list.filter((l): l is string => typeof l === 'string' && l.trim() !== '') : null;
};

/**
 * The labels and draft the post-processors write for an analysis: LABEL its message categories
 * (the consolidation's `exchangeLabels` instead when it sent some), LABEL_PJ its attachments'
 * categories, METADATA the extracted data (`name: value`, Exchange), DRAFT the reply drafted. Nothing for an analysis in error. What the output module
 * does not deliver (categories off, reply off) is not written either: the output decides.
 */
export const writeBackOf = (
  postProcessors: readonly string[],
  analysis: { status: string; output: OutputPayload | null; exchangeLabels: unknown },
): WriteBack => {
  const none = { labels: [], draft: null };
  if (analysis.status !== 'processed' || !analysis.output) return none;
  const out = analysis.output;
  const labels: string[] = [];
  if (postProcessors.includes('LABEL')) {
    const consolidated = labelsOfConsolidation(analysis.exchangeLabels);
    labels.push(
      ...(consolidated ?? (out.categories ?? []).map((c) => c.name).filter((n) => n !== NO_CATEGORY)),
    );
  }
  if (postProcessors.includes('LABEL_PJ'))
    labels.push(...(out.attachmentsCategories ?? []).map((c) => c.name).filter((n) => n !== NO_CATEGORY));
  if (postProcessors.includes('METADATA'))
    labels.push(...(out.extractedData ?? []).map((d) => `${d.name}: ${d.value}`.slice(0, 255)));
  const draft = postProcessors.includes('DRAFT') && out.reply?.text ? out.reply.text : null;
  return { labels: [...new Set(labels)], draft };
};

const settingsProblems = Object.fromEntries(
  Object.entries(CONNECTOR_SETTINGS).map(([type, schema]) => [
    type,
    schemaProblems({ ...z.toJSONSchema(schema, { target: 'draft-7', io: 'input' }), $schema: undefined }),
  ]),
) as Record<keyof typeof CONNECTOR_SETTINGS, (value: unknown) => FieldError[]>;
const secretsProblems = Object.fromEntries(
  Object.entries(CONNECTOR_SECRETS).map(([type, schema]) => [
    type,
    schemaProblems({
      ...z.toJSONSchema(schema.partial(), { target: 'draft-7', io: 'input' }),
      $schema: undefined,
    }),
  ]),
) as Record<keyof typeof CONNECTOR_SECRETS, (value: unknown) => FieldError[]>;

/**
 * A create or edit body, its settings and secrets checked against its app type's schemas: every
 * field at fault named (`settings.host`, `secrets.clientSecret`), in one 400.
 */
export const checkedInput = (body: {
  name: string;
  appType: keyof typeof CONNECTOR_SETTINGS;
  settings: unknown;
  secrets?: unknown;
}): ConnectorInput => {
  const problems = [
    ...settingsProblems[body.appType](body.settings).map((p) => ({ ...p, path: `settings.${p.path}` })),
    ...(body.secrets === undefined
      ? []
      : secretsProblems[body.appType](body.secrets).map((p) => ({ ...p, path: `secrets.${p.path}` }))),
  ];
  if (problems.length) throw validationError(problems);
  return body as ConnectorInput;
};
