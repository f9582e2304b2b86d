import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { HttpError } from '../../../api';
import { loadAuthContracts } from '../../../providers/contracts';
import { useApiClient } from '../../../providers/ServicesContext';
import { TextInput } from '../../../components/TextInput';

type Status = 'editing' | 'sending' | 'sent' | 'failed';

/**
 * Forgotten password (spec §2, §7): asks for the email and sends the reset link. The answer is the
 * same whether or not an account has that address, so the page cannot be used to find accounts.
 */
export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const client = useApiClient();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('editing');

  const send = async () => {
    setStatus('sending');
    try {
      const { sendPasswordReset } = await loadAuthContracts();
      await client.call(sendPasswordReset, {
        query: { recovery_url: `${window.location.origin}/reset-password` },
        body: { email: email.trim() },
      });
      setStatus('sent');
    } catch (err) {
      // An unknown address must look like a known one; only real failures are reported.
      setStatus(err instanceof HttpError && err.status === 404 ? 'sent' : 'failed');
    }
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {translate('app.forgotPassword.title')}
      </Typography>
      {status === 'sent' ? (
        <Alert severity="success" role="status">
          {translate('app.forgotPassword.sent')}
        </Alert>
      ) : (
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (email.trim() !== '') void send();
          }}
        >
          <Typography variant="body2">{translate('app.forgotPassword.intro')}</Typography>
          <TextInput
            label={translate('app.forgotPassword.email')}
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            required
            value={email}
            disabled={status === 'sending'}
            onChange={setEmail}
          />
          {status === 'failed' ? (
            <Alert severity="error">{translate('app.login.errors.generic')}</Alert>
          ) : null}
          <Button type="submit" variant="contained" disabled={email.trim() === '' || status === 'sending'}>
            {translate('app.forgotPassword.submit')}
          </Button>
        </Stack>
      )}
      <Link component={RouterLink} to="/login" variant="body2">
        {translate('app.common.backToLogin')}
      </Link>
    </Stack>
  );
};
