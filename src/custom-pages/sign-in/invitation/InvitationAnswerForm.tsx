import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { InvitationView } from '../../../../schemas/contracts/invitations';
import { isNewPasswordValid, NewPasswordFields } from '../../../components/password';
import type { NewPasswordValue } from '../../../components/password';
import { TextInput } from '../../../components/TextInput';
import { useInvitationAnswer } from './useInvitationAnswer';

/**
 * The invitee's answer: a new account (username and a password that keeps the rules of spec §5,
 * ticked live) or, when the address already has an account, that account's password; or declining.
 */
export const InvitationAnswerForm = ({
  token,
  invitation,
}: {
  token: string;
  invitation: InvitationView;
}) => {
  const translate = useTranslate();
  const { state, accept, decline } = useInvitationAnswer(token);
  // The organisation's proposal, if it made one: the invitee confirms or changes it.
  const [username, setUsername] = useState(invitation.username ?? '');
  const [existingPassword, setExistingPassword] = useState('');
  const [value, setValue] = useState<NewPasswordValue>({ password: '', confirmation: '' });
  const sending = state.status === 'sending';
  const ready = invitation.accountExists
    ? existingPassword !== ''
    : username.trim() !== '' && isNewPasswordValid(value);

  if (state.status === 'declined')
    return <Alert severity="info">{translate('app.invitation.declined')}</Alert>;

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready || sending) return;
        void accept(
          invitation.accountExists
            ? { password: existingPassword }
            : { username: username.trim(), password: value.password },
        );
      }}
    >
      <Typography variant="body2">
        {translate(invitation.accountExists ? 'app.invitation.existingAccount' : 'app.invitation.newAccount')}
      </Typography>
      {invitation.accountExists ? (
        <TextInput
          label={translate('app.password.current')}
          type="password"
          autoComplete="current-password"
          required
          disabled={sending}
          value={existingPassword}
          error={state.fieldErrors.password !== undefined}
          helperText={state.fieldErrors.password}
          onChange={setExistingPassword}
        />
      ) : (
        <>
          <TextInput
            label={translate('app.invitation.username')}
            autoComplete="username"
            required
            disabled={sending}
            value={username}
            error={state.fieldErrors.username !== undefined}
            helperText={state.fieldErrors.username}
            onChange={setUsername}
          />
          <NewPasswordFields value={value} onChange={setValue} disabled={sending} />
        </>
      )}
      {state.error ? <Alert severity="error">{state.error}</Alert> : null}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={!ready || sending}>
          {translate('app.invitation.accept')}
        </Button>
        <Button onClick={() => void decline()} disabled={sending}>
          {translate('app.invitation.decline')}
        </Button>
      </Stack>
    </Stack>
  );
};
