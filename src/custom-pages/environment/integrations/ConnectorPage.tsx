import ArrowBack from '@mui/icons-material/ArrowBack';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import NetworkCheck from '@mui/icons-material/NetworkCheck';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  checkConnector,
  deleteConnector,
  getConnector,
  setConnectorActive,
  type Connector,
} from '../../../../schemas/contracts/connectors';
import { errorMessage } from '../../../api/errors';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { environmentPath } from '../../../routing/scopePaths';
import { ActiveChip, AuthorizationChip, HealthChip } from './ConnectorChips';
import { ConnectorEditForm } from './ConnectorEditForm';
import { ConnectorRuns } from './ConnectorRuns';
import { ConnectorSections } from './ConnectorSections';
import { AuthorizeButton, GmailAuthorizationStatus, useGmailAuthorization } from './GmailAuthorization';
import { activationFailure, problemText } from './connectorProblem';
import { usePolledLoad } from './usePolledLoad';

type Outcome = { severity: 'success' | 'error'; text: string };

/**
 * One connector (spec pipeline §2 "connector detail", §3 "Connector"): its sections, edited in
 * place; activated (the mailbox checked first: a refusal says why) or deactivated; checked now
 * (healthcheck); deleted after a confirmation; and its runs with the manual run. A Gmail connector
 * is authorized, or authorized again (spec pipeline §8 "Gmail misconfigured → reauthorize"), as in
 * the wizard's second step. Read again every few seconds: runs change its health and figures on
 * their own.
 */
export const ConnectorPage = () => {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) =>
    translate(`app.integrations.detail.${key}`, values);
  const notify = useNotify();
  const client = useApiClient();
  const navigate = useNavigate();
  const { projectId = '', envId = '', connectorId = '' } = useParams();
  const params = { envId, id: connectorId };
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState<'active' | 'check' | 'delete'>();
  const [outcome, setOutcome] = useState<Outcome>();
  const { state, reload, set } = usePolledLoad(
    () => client.call(getConnector, { params: { envId, id: connectorId } }),
    `${envId}/${connectorId}`,
  );
  const gmail = state.status === 'success' && state.data.appType === 'gmail' ? state.data : undefined;
  const authorization = useGmailAuthorization(envId, gmail, set);
  const list = `${environmentPath(projectId, envId)}/env-management/integrations`;
  /** The folder a connector reads: IMAP's own, an Exchange or Gmail mailbox's inbox. */
  const folderOf = (c: Connector) => (c.appType === 'imap' ? c.settings.folder : t('inbox'));

  const act = async (what: 'active' | 'check' | 'delete', step: () => Promise<void>) => {
    setBusy(what);
    setOutcome(undefined);
    try {
      await step();
    } finally {
      setBusy(undefined);
    }
  };
  const switchActive = (connector: Connector, active: boolean) =>
    act('active', async () => {
      try {
        set(await client.call(setConnectorActive, { params, body: { active } }));
        notify(active ? 'app.integrations.detail.activated' : 'app.integrations.detail.deactivated', {
          type: 'success',
        });
      } catch (error) {
        setOutcome({ severity: 'error', text: activationFailure(translate, error, connector) });
        // A failed check changed the connector's health.
        void reload();
      }
    });
  const healthcheck = () =>
    act('check', async () => {
      try {
        const answer = await client.call(checkConnector, { params });
        set(answer.connector);
        setOutcome(
          answer.ok
            ? {
                severity: 'success',
                text: t('healthOk', {
                  ms: answer.durationMs,
                  smart_count: answer.folder?.messages ?? 0,
                  folder: answer.folder?.path ?? folderOf(answer.connector),
                }),
              }
            : {
                severity: 'error',
                text: t('healthFailed', {
                  reason: answer.problem ? problemText(translate, answer.problem) : '',
                }),
              },
        );
      } catch (error) {
        setOutcome({ severity: 'error', text: errorMessage(error) });
      }
    });
  const remove = () =>
    act('delete', async () => {
      try {
        await client.call(deleteConnector, { params });
        notify('app.integrations.detail.deleted', { type: 'info' });
        navigate(list);
      } catch (error) {
        notify(errorMessage(error), { type: 'error' });
      }
    });

  if (state.status === 'pending') return <PageLoader />;
  if (state.status === 'error') return <CallErrorAlert error={state.error} onRetry={() => void reload()} />;
  const connector = state.data;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <div>
        <Button component={RouterLink} to={list} startIcon={<ArrowBack />}>
          {t('back')}
        </Button>
      </div>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          {connector.name}
        </Typography>
        <ActiveChip active={connector.active} />
        <HealthChip connector={connector} />
        <AuthorizationChip connector={connector} />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          label={t('activeSwitch')}
          control={
            <Switch
              checked={connector.active}
              disabled={busy !== undefined}
              onChange={(e) => void switchActive(connector, e.target.checked)}
            />
          }
        />
        <Button
          startIcon={<NetworkCheck />}
          loading={busy === 'check'}
          disabled={busy !== undefined}
          onClick={() => void healthcheck()}
        >
          {t('healthcheck')}
        </Button>
        {gmail ? (
          <AuthorizeButton connector={gmail} authorization={authorization} disabled={busy !== undefined} />
        ) : null}
        <Button startIcon={<Edit />} disabled={editing} onClick={() => setEditing(true)}>
          {t('edit')}
        </Button>
        <Button
          color="error"
          startIcon={<Delete />}
          disabled={busy !== undefined}
          onClick={() => setDeleting(true)}
        >
          {t('delete')}
        </Button>
      </Stack>
      {gmail ? <GmailAuthorizationStatus connector={gmail} authorization={authorization} idle /> : null}
      {outcome ? (
        <Alert
          severity={outcome.severity}
          role={outcome.severity === 'error' ? 'alert' : 'status'}
          onClose={() => setOutcome(undefined)}
        >
          {outcome.text}
        </Alert>
      ) : null}
      {editing ? (
        <ConnectorEditForm
          envId={envId}
          connector={connector}
          onSaved={(saved) => {
            set(saved);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <ConnectorSections connector={connector} />
      )}
      <ConnectorRuns envId={envId} id={connector.id} lastRun={connector.lastRun} />
      <Confirm
        isOpen={deleting}
        title="app.integrations.detail.deleteTitle"
        content="app.integrations.detail.deleteContent"
        translateOptions={{ name: connector.name }}
        confirm="app.integrations.detail.delete"
        confirmColor="warning"
        onConfirm={() => {
          setDeleting(false);
          void remove();
        }}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
};
