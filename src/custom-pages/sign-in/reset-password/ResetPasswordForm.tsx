import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { isNewPasswordValid, NewPasswordFields } from '../../../components/password';
import type { NewPasswordValue } from '../../../components/password';
import { toast } from '../../../notifications';
import { loadAuthContracts } from '../../../providers/contracts';
import { useApiClient } from '../../../providers/ServicesContext';

/** The new password for a checked reset link; on success the user signs in with it. */
export const ResetPasswordForm = ({ token }: { token: string }) => {
  const translate = useTranslate();
  const client = useApiClient();
  const navigate = useNavigate();
  const [value, setValue] = useState<NewPasswordValue>({ password: '', confirmation: '' });
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async () => {
    setSubmitting(true);
    setFailed(false);
    try {
      const { resetPassword } = await loadAuthContracts();
      await client.call(resetPassword, { body: { token, password: value.password } });
      toast.show({ severity: 'success', summary: { key: 'app.resetPassword.success' } });
      navigate('/login', { replace: true });
    } catch {
      // The server's reasons (reused password, link used meanwhile) stay on the server: the spec's
      // single message sends the user to their administrator.
      setFailed(true);
      setSubmitting(false);
    }
  };

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (isNewPasswordValid(value) && !submitting) void submit();
      }}
    >
      <NewPasswordFields value={value} onChange={setValue} disabled={submitting} />
      {failed ? <Alert severity="error">{translate('app.resetPassword.error')}</Alert> : null}
      <Button type="submit" variant="contained" disabled={!isNewPasswordValid(value) || submitting}>
        {translate('app.resetPassword.submit')}
      </Button>
    </Stack>
  );
};
