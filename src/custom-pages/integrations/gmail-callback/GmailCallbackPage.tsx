import ArrowForward from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { completeGmailAuthorization, type Connector } from '../../../../schemas/contracts/connectors';
import type { ApiClient } from '../../../api';
import { errorCodeOf, errorMessage } from '../../../api/errors';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { environmentPath } from '../../../routing/scopePaths';

type Answer = { projectId: string; connector: Connector };
type Body = { state: string; code?: string; error?: string };
type Outcome =
  | { status: 'pending' }
  | { status: 'success'; answer: Answer }
  | { status: 'error'; error: unknown }
  /** No state in the address: nothing to send. */
  | { status: 'invalid' };

/**
 * The answers asked for, by state: a code is used once, so a second effect (React's strict mode, a
 * remount) waits for the first call's answer instead of sending the code again.
 */
const completions = new Map<string, Promise<Answer>>();
const complete = (client: ApiClient, body: Body): Promise<Answer> => {
  const sent = completions.get(body.state) ?? client.call(completeGmailAuthorization, { body });
  completions.set(body.state, sent);
  return sent;
};

/** What Google put in the address: the state, and the code or the error. */
const bodyOf = (search: string): Body | undefined => {
  const query = new URLSearchParams(search);
  const state = query.get('state');
  if (!state) return undefined;
  const code = query.get('code');
  const error = query.get('error');
  return { state, ...(code ? { code } : {}), ...(error ? { error } : {}) };
};

/** The refusals the page says in its own words (`app.integrations.gmailCallback.failures.<code>`). */
const FAILURES = ['OAUTH_DENIED', 'OAUTH_STATE_INVALID', 'OAUTH_CODE_REJECTED', 'OAUTH_WRONG_ACCOUNT'];

/**
 * The page Google sends the user back to (`/integrations/gmail/callback?state=…&code=…`, or
 * `error=access_denied`): it hands the state and the code (or the error) to the platform once, and
 * takes them out of the address (a code is not to stay in the history). Then it says the outcome
 * as a page in the user's language: the mailbox connected, with the way to its connector; or why
 * not (refused, a link expired or used, a code Google refused, another Google account), with the
 * way home.
 */
export const GmailCallbackPage = () => {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) =>
    translate(`app.integrations.gmailCallback.${key}`, values);
  const client = useApiClient();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the address loses its query as soon as the call is made.
  const [body] = useState(() => bodyOf(location.search));
  const [outcome, setOutcome] = useState<Outcome>(body ? { status: 'pending' } : { status: 'invalid' });

  useEffect(() => {
    if (!body) return;
    let current = true;
    complete(client, body).then(
      (answer) => current && setOutcome({ status: 'success', answer }),
      (error: unknown) => current && setOutcome({ status: 'error', error }),
    );
    navigate({ search: '' }, { replace: true });
    return () => {
      current = false;
    };
  }, [body, client, navigate]);

  const heading = (key: string) => (
    <Typography variant="h4" component="h1">
      {t(key)}
    </Typography>
  );
  const home = (
    <div>
      <Link component={RouterLink} to="/">
        {t('home')}
      </Link>
    </div>
  );

  if (outcome.status === 'pending')
    return (
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        {heading('pending')}
        <PageLoader />
      </Stack>
    );
  if (outcome.status === 'success') {
    const { projectId, connector } = outcome.answer;
    const page = `${environmentPath(projectId, connector.environmentId)}/env-management/integrations/${encodeURIComponent(connector.id)}`;
    const user = connector.appType === 'gmail' ? connector.settings.user : '';
    return (
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        {heading('successTitle')}
        <Alert severity="success">
          {t(connector.active ? 'successActive' : 'success', { user, name: connector.name })}
        </Alert>
        <div>
          <Button variant="contained" component={RouterLink} to={page} endIcon={<ArrowForward />}>
            {t('openConnector', { name: connector.name })}
          </Button>
        </div>
      </Stack>
    );
  }
  const error = outcome.status === 'error' ? outcome.error : undefined;
  // No state at all: a link that can never work, said as an expired one.
  const code = outcome.status === 'invalid' ? 'OAUTH_STATE_INVALID' : errorCodeOf(error)?.code;
  const refused = code === 'OAUTH_DENIED';
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      {heading(refused ? 'deniedTitle' : 'failedTitle')}
      <Alert severity={refused ? 'warning' : 'error'}>
        {code !== undefined && FAILURES.includes(code) ? t(`failures.${code}`) : errorMessage(error)}
      </Alert>
      {home}
    </Stack>
  );
};
