import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { changePassword } from '../../../../schemas/contracts/auth';
import { errorMessage } from '../../../api';
import { isNewPasswordValid, NewPasswordFields } from '../../../components/password';
import type { NewPasswordValue } from '../../../components/password';
import { toast } from '../../../notifications';
import { useApiClient } from '../../../providers/ServicesContext';
import { setToken } from '../../../providers/session';
import { TextInput } from '../../../components/TextInput';
import { UnsavedChangesDialog } from '../../../resources/generic/guard/UnsavedChangesDialog';
import { useUnsavedChangesGuard } from '../../../resources/generic/guard/useUnsavedChangesGuard';

/**
 * Change password (spec §2, §5). The server revokes every earlier token, this session's included,
 * and answers with a fresh one, which replaces the stored token so the user stays signed in.
 */
export const ProfilePasswordPage = () => {
  const translate = useTranslate();
  const client = useApiClient();
  const navigate = useNavigate();
  const [currentPassword, setCurrentPassword] = useState('');
  const [value, setValue] = useState<NewPasswordValue>({ password: '', confirmation: '' });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const canSubmit = currentPassword !== '' && isNewPasswordValid(value) && !submitting;

  /** Changes the password; resolves to whether it did. `leaving`: the guard navigates afterwards. */
  const submit = async (leaving: boolean): Promise<boolean> => {
    setSubmitting(true);
    setError(undefined);
    try {
      const { token } = await client.call(changePassword, {
        body: { currentPassword, newPassword: value.password },
      });
      setToken(token);
      guard.release();
      toast.show({ severity: 'success', summary: { key: 'app.profilePassword.success' } });
      if (!leaving) navigate('/profile');
      return true;
    } catch (err) {
      setError(errorMessage(err));
      setSubmitting(false);
      return false;
    }
  };
  // Spec §4: a half-typed change asks before the user leaves; "save and leave" changes it first.
  const dirty = currentPassword !== '' || value.password !== '' || value.confirmation !== '';
  const guard = useUnsavedChangesGuard(dirty, async () => (canSubmit ? submit(true) : false));

  return (
    <Stack spacing={3} sx={{ maxWidth: 520 }}>
      <Typography variant="h4" component="h1">
        {translate('app.routes.profilePassword')}
      </Typography>
      <Card>
        <CardContent>
          <Stack
            component="form"
            spacing={2}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (canSubmit) void submit(false);
            }}
          >
            <TextInput
              label={translate('app.password.current')}
              type="password"
              autoComplete="current-password"
              required
              disabled={submitting}
              value={currentPassword}
              onChange={setCurrentPassword}
            />
            <NewPasswordFields value={value} onChange={setValue} disabled={submitting} />
            {error ? <Alert severity="error">{error}</Alert> : null}
            <Button type="submit" variant="contained" disabled={!canSubmit}>
              {translate('app.profilePassword.submit')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <UnsavedChangesDialog {...guard.dialog} />
    </Stack>
  );
};
