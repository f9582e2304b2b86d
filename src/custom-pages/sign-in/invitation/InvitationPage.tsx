import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { getInvitation } from '../../../../schemas/contracts/invitations';
import { HttpError, RequestSchemaError } from '../../../api';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';
import { InvitationAnswerForm } from './InvitationAnswerForm';

/** A link that can never work: unknown, expired or already answered (404), or not even well-formed. */
const isInvalidLink = (error: unknown): boolean =>
  error instanceof RequestSchemaError ||
  (error instanceof HttpError && (error.status === 404 || error.status === 410));

/**
 * The page an invitation mail links to (login layout, no token needed): who invites whom, then
 * accept or decline. Open to signed-in visitors too, since the invitee may share a browser.
 */
export const InvitationPage = () => {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const invitation = useCall(getInvitation, { params: { token } });

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {invitation.status === 'success'
          ? translate('app.invitation.title', { organisation: invitation.data.organisationName })
          : translate('app.routes.invitation')}
      </Typography>
      {invitation.status === 'pending' ? <PageLoader /> : null}
      {invitation.status === 'error' && isInvalidLink(invitation.error) ? (
        <Alert severity="error">{translate('app.invitation.invalid')}</Alert>
      ) : null}
      {invitation.status === 'error' && !isInvalidLink(invitation.error) ? (
        <CallErrorAlert error={invitation.error} onRetry={invitation.retry} />
      ) : null}
      {invitation.status === 'success' && invitation.data.state !== 'pending' ? (
        <Alert severity="info">{translate('app.invitation.answered')}</Alert>
      ) : null}
      {invitation.status === 'success' && invitation.data.state === 'pending' ? (
        <>
          <Typography variant="body2">
            {translate('app.invitation.intro', {
              name: `${invitation.data.firstname} ${invitation.data.lastname}`.trim(),
              organisation: invitation.data.organisationName,
              email: invitation.data.email,
            })}
          </Typography>
          <InvitationAnswerForm token={token} invitation={invitation.data} />
        </>
      ) : null}
      <Link component={RouterLink} to="/login" variant="body2">
        {translate('app.common.backToLogin')}
      </Link>
    </Stack>
  );
};
