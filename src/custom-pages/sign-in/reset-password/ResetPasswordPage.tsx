import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { HttpError, RequestSchemaError } from '../../../api';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { loadAuthContracts } from '../../../providers/contracts';
import { useCall } from '../../../providers/useCall';
import { ResetPasswordForm } from './ResetPasswordForm';

const loadCheckResetToken = () => loadAuthContracts().then((contracts) => contracts.checkResetToken);

/** A link that can never work: unknown or used token (404), expired (410), or not even well-formed. */
const isInvalidLink = (error: unknown): boolean =>
  error instanceof RequestSchemaError ||
  (error instanceof HttpError && (error.status === 404 || error.status === 410));

/**
 * Reset password (spec §2): the link is checked before anything is typed. `hasExpired=true` is the
 * variant reached from a sign-in refused for an expired password.
 */
export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const hasExpired = search.get('hasExpired') === 'true';
  const check = useCall(loadCheckResetToken, { params: { resetToken: token } });

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {translate(hasExpired ? 'app.resetPassword.expiredTitle' : 'app.resetPassword.title')}
      </Typography>
      {hasExpired ? (
        <Typography variant="body2">{translate('app.resetPassword.expiredIntro')}</Typography>
      ) : null}
      {check.status === 'pending' ? <PageLoader /> : null}
      {check.status === 'error' && isInvalidLink(check.error) ? (
        <Alert severity="error">
          {translate('app.resetPassword.invalidLink')}{' '}
          <Link component={RouterLink} to="/forgot-password">
            {translate('app.resetPassword.newLink')}
          </Link>
        </Alert>
      ) : null}
      {check.status === 'error' && !isInvalidLink(check.error) ? (
        <CallErrorAlert error={check.error} onRetry={check.retry} />
      ) : null}
      {check.status === 'success' ? <ResetPasswordForm token={token} /> : null}
      <Link component={RouterLink} to="/login" variant="body2">
        {translate('app.common.backToLogin')}
      </Link>
    </Stack>
  );
};
