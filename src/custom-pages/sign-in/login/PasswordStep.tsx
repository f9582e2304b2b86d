import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { TextInput } from '../../../components/TextInput';

export interface PasswordStepProps {
  username: string;
  password: string;
  onChange: (password: string) => void;
  onBack: () => void;
  onSubmit: () => void;
  submitting: boolean;
  error?: string;
}

/** Second step: the password, with the username it is for and a way back to change it. */
export const PasswordStep = ({
  username,
  password,
  onChange,
  onBack,
  onSubmit,
  submitting,
  error,
}: PasswordStepProps) => {
  const translate = useTranslate();
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button size="small" startIcon={<ArrowBack />} onClick={onBack} disabled={submitting}>
          {translate('app.login.changeUsername')}
        </Button>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="login-username">
          {username}
        </Typography>
      </Stack>
      {/* Lets password managers pair the password with the username typed on the first step. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <TextInput
        label={translate('app.login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        autoFocus
        required
        value={password}
        error={!!error}
        helperText={error}
        disabled={submitting}
        onChange={onChange}
      />
      <Button type="submit" variant="contained" disabled={password === '' || submitting}>
        {translate(submitting ? 'app.login.signingIn' : 'app.login.submit')}
      </Button>
    </Stack>
  );
};
