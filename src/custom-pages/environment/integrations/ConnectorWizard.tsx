import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  createConnector,
  setConnectorActive,
  updateConnector,
  type Connector,
} from '../../../../schemas/contracts/connectors';
import { useApiClient } from '../../../providers/ServicesContext';
import { ConnectorFields } from './ConnectorFields';
import { AuthorizeButton, GmailAuthorizationStatus, useGmailAuthorization } from './GmailAuthorization';
import { inputOf, newDraft } from './connectorDraft';
import { activationFailure } from './connectorProblem';
import { useConnectorForm } from './useConnectorForm';

/** What the authorize step says the platform will do, by app type: the words' parameters. */
const authorizeParams = (c: Connector): Record<string, string> => {
  switch (c.appType) {
    case 'imap':
      return { user: c.settings.username, host: c.settings.host, folder: c.settings.folder };
    case 'exchange':
      return { user: c.settings.userEmail, tenant: c.settings.tenantId };
    case 'gmail':
      return { user: c.settings.user };
  }
};

/**
 * The two steps of a new connector (spec pipeline §3 "Connector"): general information, saved as
 * an inactive connector ("Next" creates it, or edits it when the user came back: its app type then
 * stays), then authorize: the platform signs in to the mailbox (IMAP: user name and password;
 * Exchange: a token from Microsoft Entra ID) and opens its folder, and activates the connector only
 * if it could. A Gmail connector is first authorized by the mailbox's user on Google's page (opened
 * in a new window, its link as fallback), the wizard waiting for the grant to come back through the
 * callback page before it offers the check. `onSaved` after each save (the list shows it),
 * `onActivated` at the end.
 */
export const ConnectorWizard = ({
  envId,
  onClose,
  onSaved,
  onActivated,
}: {
  envId: string;
  onClose: () => void;
  onSaved: () => void;
  onActivated: (connector: Connector) => void;
}) => {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) =>
    translate(`app.integrations.wizard.${key}`, values);
  const notify = useNotify();
  const client = useApiClient();
  const titleId = useId();
  const [step, setStep] = useState<0 | 1>(0);
  const [created, setCreated] = useState<Connector>();
  const form = useConnectorForm(newDraft(), { secretRequired: true });
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const gmail = created?.appType === 'gmail' ? created : undefined;
  const authorization = useGmailAuthorization(envId, gmail, setCreated);
  /** Whether the check may run: a Gmail connector once Google gave its grant. */
  const checkable = gmail === undefined || gmail.authorization === 'configured';

  const next = () =>
    void form
      .submit(async (draft) => {
        // Once created, the connector keeps its app type (the field is then fixed).
        const body = inputOf(created ? { ...draft, appType: created.appType } : draft, created?.settings);
        const saved = created
          ? await client.call(updateConnector, { params: { envId, id: created.id }, body })
          : await client.call(createConnector, { params: { envId }, body });
        if (!created) notify('app.integrations.wizard.created', { type: 'info' });
        setCreated(saved);
        onSaved();
      })
      .then((saved) => {
        if (saved) {
          setRefusal(undefined);
          setStep(1);
        }
      });

  const activate = async () => {
    if (!created) return;
    setChecking(true);
    setRefusal(undefined);
    try {
      const active = await client.call(setConnectorActive, {
        params: { envId, id: created.id },
        body: { active: true },
      });
      notify('app.integrations.wizard.activated', { type: 'success' });
      onActivated(active);
    } catch (error) {
      setRefusal(activationFailure(translate, error, created));
      onSaved();
    } finally {
      setChecking(false);
    }
  };

  const busy = form.busy || checking;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <Stepper activeStep={step}>
            <Step completed={created !== undefined}>
              <StepLabel>{t('steps.general')}</StepLabel>
            </Step>
            <Step>
              <StepLabel>{t('steps.authorize')}</StepLabel>
            </Step>
          </Stepper>
          {step === 0 ? (
            <>
              <ConnectorFields
                draft={form.draft}
                onChange={form.change}
                problems={form.problems}
                appTypeFixed={created !== undefined}
              />
              {form.failure ? (
                <Alert severity="error" role="alert">
                  {form.failure}
                </Alert>
              ) : null}
            </>
          ) : created ? (
            <Stack spacing={2}>
              <Typography>{t(`authorizeIntro.${created.appType}`, authorizeParams(created))}</Typography>
              {gmail ? <GmailAuthorizationStatus connector={gmail} authorization={authorization} /> : null}
              {checking ? <Alert severity="info">{t('checking')}</Alert> : null}
              {refusal ? (
                <Alert severity="error" role="alert">
                  {refusal}
                </Alert>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        {step === 0 ? (
          <>
            <Button onClick={onClose} disabled={busy}>
              {translate('ra.action.cancel')}
            </Button>
            <Button variant="contained" loading={form.busy} onClick={next}>
              {t('next')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep(0)} disabled={busy}>
              {refusal ? t('fixSettings') : t('back')}
            </Button>
            <Button onClick={onClose} disabled={busy}>
              {gmail ? t('finishLater') : t('later')}
            </Button>
            {gmail && !checkable ? (
              <AuthorizeButton
                connector={gmail}
                authorization={authorization}
                label={t('authorizeWithGoogle')}
                variant="contained"
              />
            ) : (
              <Button variant="contained" loading={checking} onClick={() => void activate()}>
                {refusal ? t('retry') : t('checkAndActivate')}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
};
