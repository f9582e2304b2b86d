import Google from '@mui/icons-material/Google';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  authorizeConnector,
  getConnector,
  type Connector,
  type GmailConnector,
} from '../../../../schemas/contracts/connectors';
import { errorMessage } from '../../../api/errors';
import { useApiClient } from '../../../providers/ServicesContext';
import { usePolling } from '../analysis-result/usePolling';

/** While Google's page is open, the connector is read this often to see the grant arrive. */
export const AUTHORIZATION_POLL_MS = 2000;

/**
 * The "configuring" step of a Gmail connector (spec platform-shell §6, pipeline §4): Google's
 * consent page asked for (authorizeConnector) and opened in a new window, its link kept as a
 * fallback; the connector is then read every AUTHORIZATION_POLL_MS (and as soon as the tab is shown
 * again) until the grant has come back through the callback page (`authorization: 'configured'`)
 * or no longer awaits (refused). `onConnector` receives each newer state of the connector.
 */
export const useGmailAuthorization = (
  envId: string,
  connector: GmailConnector | undefined,
  onConnector: (connector: Connector) => void,
) => {
  const client = useApiClient();
  /** Google's page, once asked for: the fallback link. */
  const [link, setLink] = useState<string>();
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string>();
  const waiting = link !== undefined && connector?.authorization === 'configuring';

  usePolling(
    () => {
      if (!connector) return;
      // A failed read is tried again at the next tick.
      client.call(getConnector, { params: { envId, id: connector.id } }).then(onConnector, () => undefined);
    },
    AUTHORIZATION_POLL_MS,
    waiting,
  );

  const authorize = async () => {
    if (!connector) return;
    setOpening(true);
    setFailure(undefined);
    try {
      const { url } = await client.call(authorizeConnector, { params: { envId, id: connector.id } });
      window.open(url, '_blank', 'noopener');
      setLink(url);
      // The server now awaits the grant (contract: the connector is "configuring").
      onConnector({ ...connector, authorization: 'configuring' });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setOpening(false);
    }
  };

  return { link, waiting, opening, failure, authorize };
};

export type GmailAuthorization = ReturnType<typeof useGmailAuthorization>;

/** "Authorize with Google" (the wizard), "Authorize" or "Reauthorize" (the detail, by the grant's state). */
export const AuthorizeButton = ({
  connector,
  authorization,
  label,
  disabled = false,
  variant = 'text',
}: {
  connector: GmailConnector;
  authorization: GmailAuthorization;
  label?: string;
  disabled?: boolean;
  variant?: 'text' | 'contained';
}) => {
  const translate = useTranslate();
  const again = connector.authorization === 'configured' || connector.authorization === 'reauthorize';
  return (
    <Button
      variant={variant}
      startIcon={<Google />}
      loading={authorization.opening}
      disabled={disabled}
      onClick={() => void authorization.authorize()}
    >
      {label ?? translate(`app.integrations.detail.${again ? 'reauthorize' : 'authorize'}`)}
    </Button>
  );
};

/**
 * Where the grant stands once asked for: waiting for Google (with the link, should no page have
 * opened), given, or not given; the failure to ask. `idle`: also what the detail says before
 * anything was asked (to authorize, or again).
 */
export const GmailAuthorizationStatus = ({
  connector,
  authorization: { link, failure },
  idle = false,
}: {
  connector: GmailConnector;
  authorization: GmailAuthorization;
  idle?: boolean;
}) => {
  const translate = useTranslate();
  const t = (key: string) =>
    translate(`app.integrations.gmail.${key}`, { user: connector.settings.user, name: connector.name });
  const state = connector.authorization;
  const said =
    link === undefined ? (
      idle && state === 'reauthorize' ? (
        <Alert severity="warning" role="note">
          {t('reauthorizeNeeded')}
        </Alert>
      ) : idle && state !== 'configured' ? (
        <Alert severity="info" role="note">
          {t('notConfigured')}
        </Alert>
      ) : null
    ) : state === 'configuring' ? (
      <Alert severity="info" role="status">
        <Stack spacing={0.5}>
          <span>{t('waiting')}</span>
          <Link href={link} target="_blank" rel="noopener noreferrer">
            {t('openLink')}
          </Link>
        </Stack>
      </Alert>
    ) : state === 'configured' ? (
      <Alert severity="success" role="status">
        {t('authorized')}
      </Alert>
    ) : (
      <Alert severity="warning" role="status">
        {t('notGiven')}
      </Alert>
    );
  return (
    <>
      {said}
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
    </>
  );
};
