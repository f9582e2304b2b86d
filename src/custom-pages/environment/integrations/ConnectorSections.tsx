import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import type { Connector } from '../../../../schemas/contracts/connectors';
import { DetailList } from '../../../components/DetailList';
import { formatDateTime } from '../../../theme';
import { AuthorizationChip, HealthChip } from './ConnectorChips';
import { SECRET_NAMES } from './connectorDraft';
import { problemText } from './connectorProblem';

type DetailItem = { label: string; value: ReactNode };

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  </Paper>
);

/**
 * A connector as the spec's detail shows it, read only: general information, input fields (its app
 * type's own, the secret only said set or not; a Gmail connector's grant, and its OAuth client's
 * only when its own), output fields, advanced settings (what its runs found).
 */
export const ConnectorSections = ({ connector: c }: { connector: Connector }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const t = (key: string, values?: Record<string, unknown>) => translate(`app.integrations.${key}`, values);
  const date = (iso: string | null) => (iso ? formatDateTime(iso, locale) : '—');
  const secret = (label: string) => ({
    label: t(label),
    value: c.secretsSet.includes(SECRET_NAMES[c.appType]) ? t('detail.secretSet') : t('detail.secretMissing'),
  });
  const mailboxOf = (): DetailItem[] => {
    switch (c.appType) {
      case 'imap':
        return [
          { label: t('form.host'), value: c.settings.host },
          { label: t('form.port'), value: String(c.settings.port) },
          { label: t('form.security'), value: t(`form.securities.${c.settings.security}`) },
          { label: t('form.username'), value: c.settings.username },
          secret('detail.password'),
          { label: t('form.folder'), value: c.settings.folder },
        ];
      case 'exchange':
        return [
          { label: t('form.clientId'), value: c.settings.clientId },
          { label: t('form.tenantId'), value: c.settings.tenantId },
          { label: t('form.userEmail'), value: c.settings.userEmail },
          secret('detail.clientSecret'),
        ];
      case 'gmail': {
        const g = c.settings;
        return [
          { label: t('form.gmailUser'), value: g.user },
          { label: t('detail.authorization'), value: <AuthorizationChip connector={c} /> },
          {
            label: t('detail.customCredentials'),
            value: g.customCredentials ? t('detail.yes') : t('detail.no'),
          },
          ...(g.customCredentials
            ? [
                { label: t('form.gmailClientId'), value: g.clientId ?? '—' },
                secret('detail.clientSecret'),
                { label: t('form.redirectUri'), value: g.redirectUri ?? '—' },
              ]
            : []),
        ];
      }
    }
  };
  const mailbox = mailboxOf();
  const writing: DetailItem[] =
    c.appType === 'imap'
      ? [
          { label: t('form.labelMode'), value: t(`form.labelModes.${c.settings.labelMode}`) },
          { label: t('form.draftsFolder'), value: c.settings.draftsFolder ?? t('detail.defaultDrafts') },
        ]
      : [];
  const s = c.settings;
  return (
    <Stack spacing={2}>
      <Section title={t('detail.sections.general')}>
        <DetailList
          items={[
            { label: t('form.name'), value: c.name },
            { label: t('form.appType'), value: t(`appTypes.${c.appType}`) },
            { label: t('detail.owner'), value: c.ownerName ?? '—' },
            { label: t('detail.createdAt'), value: date(c.createdAt) },
          ]}
        />
      </Section>
      <Section title={t('detail.sections.input')}>
        <DetailList
          items={[
            ...mailbox,
            {
              label: t('form.startDate'),
              value: s.startDate ? date(s.startDate) : t('detail.defaultStartDate'),
            },
            {
              label: t('form.blacklist'),
              value: s.blacklist.length ? s.blacklist.join('\n') : t('detail.none'),
            },
          ]}
        />
      </Section>
      <Section title={t('detail.sections.output')}>
        <DetailList
          items={[
            {
              label: t('form.postProcessors'),
              value: s.postProcessors.length
                ? s.postProcessors.map((p) => t(`form.postProcessorNames.${p}`)).join('\n')
                : t('detail.none'),
            },
            ...writing,
            {
              label: t('form.expectConsolidation'),
              value: s.expectConsolidation ? t('detail.yes') : t('detail.no'),
            },
          ]}
        />
      </Section>
      <Section title={t('detail.sections.advanced')}>
        <DetailList
          items={[
            { label: t('columns.health'), value: <HealthChip connector={c} /> },
            ...(c.healthProblem
              ? [{ label: t('detail.problem'), value: problemText(translate, c.healthProblem) }]
              : []),
            { label: t('columns.lastExecutionAt'), value: date(c.lastExecutionAt) },
            { label: t('detail.failingSince'), value: date(c.failingSince) },
            { label: t('columns.rateLimitedUntil'), value: date(c.rateLimitedUntil) },
            { label: t('columns.tokenExpiresAt'), value: date(c.tokenExpiresAt) },
            { label: t('columns.messages'), value: String(c.messages) },
            { label: t('detail.pendingWriteBacks'), value: String(c.pendingWriteBacks) },
          ]}
        />
      </Section>
    </Stack>
  );
};
