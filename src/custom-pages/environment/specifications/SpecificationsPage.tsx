import ContentCopy from '@mui/icons-material/ContentCopy';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { listModules } from '../../../../schemas/contracts/modules';
import { errorMessage } from '../../../api/errors';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { environmentPath } from '../../../routing/scopePaths';
import { useModuleName } from '../modules/useModuleName';

/** The browsable API reference the server publishes (server/kernel/plugins/api-reference.ts). */
const API_REFERENCE = '/v4/docs/';

/** The calls a client makes, with this deployment's address: what the page shows and copies. */
export const specificationCalls = (origin: string) => ({
  check: `curl -H "Authorization: Bearer $KEY" ${origin}/v4/api/environment`,
  file: `curl -H "Authorization: Bearer $KEY" -H "Idempotency-Key: mail-4711" \\\n  -F file=@message.eml ${origin}/v4/api/analyses`,
  text: `curl -H "Authorization: Bearer $KEY" \\\n  -F type=text -F name=order-4711 -F "text=Bonjour, ma commande n'est pas arrivée." \\\n  -F 'metadata={"customer":"4711"}' ${origin}/v4/api/analyses`,
  wait: `curl -H "Authorization: Bearer $KEY" "${origin}/v4/api/analyses/$ID/status?wait=30"`,
  result: `curl -H "Authorization: Bearer $KEY" ${origin}/v4/api/analyses/$ID`,
});

const Code = ({ code, label }: { code: string; label: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    await navigator.clipboard.writeText(code.replace(/\\\n\s*/g, ''));
    notify('app.specifications.copied', { type: 'success' });
  };
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="pre"
        aria-label={label}
        sx={{
          m: 0,
          p: 1.5,
          pr: 6,
          bgcolor: 'action.hover',
          borderRadius: 1,
          overflowX: 'auto',
          fontSize: 13,
        }}
      >
        {code}
      </Box>
      <Tooltip title={translate('app.specifications.copy')}>
        <IconButton
          size="small"
          aria-label={`${translate('app.specifications.copy')}: ${label}`}
          onClick={() => void copy()}
          sx={{ position: 'absolute', top: 4, right: 4 }}
        >
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
    <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
      {title}
    </Typography>
    <Stack spacing={1.5}>{children}</Stack>
  </Paper>
);

/**
 * What a client system's developer needs to connect to this environment, on one page: the key to
 * send, the calls to submit a message and read its result (with this deployment's address), the
 * modules the result comes from, in their order, the webhooks' signed deliveries, and the full API
 * reference. Nothing here is a secret: the access keys are created on their own page.
 */
export const SpecificationsPage = () => {
  const { projectId = '', envId = '' } = useParams();
  const translate = useTranslate();
  const nameOf = useModuleName();
  const modules = useCall(listModules, { params: { envId } });
  const home = environmentPath(projectId, envId);
  const calls = specificationCalls(window.location.origin);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.specifications.${key}`, options);
  return (
    <ResourcePageFrame titleKey="app.routes.specifications">
      <Stack spacing={2}>
        <Typography color="text.secondary">{t('intro')}</Typography>
        <Section title={t('authentication.title')}>
          <Typography>{t('authentication.text')}</Typography>
          <Code code={calls.check} label={t('authentication.check')} />
          <Typography variant="body2" color="text.secondary">
            {t('authentication.environment', { id: envId })}
          </Typography>
          <Box>
            <Button component={RouterLink} to={`${home}/env-management/access-keys`} variant="outlined">
              {t('authentication.keys')}
            </Button>
          </Box>
        </Section>
        <Section title={t('sending.title')}>
          <Typography>{t('sending.file')}</Typography>
          <Code code={calls.file} label={t('sending.fileLabel')} />
          <Typography>{t('sending.text')}</Typography>
          <Code code={calls.text} label={t('sending.textLabel')} />
          <Typography variant="body2" color="text.secondary">
            {t('sending.answer')}
          </Typography>
        </Section>
        <Section title={t('reading.title')}>
          <Typography>{t('reading.wait')}</Typography>
          <Code code={calls.wait} label={t('reading.waitLabel')} />
          <Typography>{t('reading.result')}</Typography>
          <Code code={calls.result} label={t('reading.resultLabel')} />
        </Section>
        <Section title={t('modules.title')}>
          <Typography>{t('modules.text')}</Typography>
          {modules.status === 'pending' ? (
            <PageLoader />
          ) : modules.status === 'error' ? (
            <Alert severity="error">{errorMessage(modules.error)}</Alert>
          ) : (
            <Box component="ol" aria-label={t('modules.title')} sx={{ m: 0, pl: 3 }}>
              {modules.data.modules
                .filter((m) => m.active)
                .map((m) => (
                  <li key={m.type}>
                    <Link component={RouterLink} to={`${home}/modules/${m.type}`}>
                      {nameOf(m)}
                    </Link>
                  </li>
                ))}
            </Box>
          )}
        </Section>
        <Section title={t('webhooks.title')}>
          <Typography>{t('webhooks.text')}</Typography>
          <Box>
            <Button component={RouterLink} to={`${home}/env-management/webhooks`} variant="outlined">
              {t('webhooks.link')}
            </Button>
          </Box>
        </Section>
        <Section title={t('reference.title')}>
          <Typography>{t('reference.text')}</Typography>
          <Box>
            <Button href={API_REFERENCE} target="_blank" rel="noopener" endIcon={<OpenInNew />}>
              {t('reference.link')}
            </Button>
          </Box>
        </Section>
      </Stack>
    </ResourcePageFrame>
  );
};
