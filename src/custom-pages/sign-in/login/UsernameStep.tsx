import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import { TextInput } from '../../../components/TextInput';

export interface UsernameStepProps {
  username: string;
  onChange: (username: string) => void;
  onNext: () => void;
  error?: string;
}

/** First step of the sign-in: who is signing in. */
export const UsernameStep = ({ username, onChange, onNext, error }: UsernameStepProps) => {
  const translate = useTranslate();
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
    >
      <TextInput
        label={translate('app.login.username')}
        name="username"
        autoComplete="username"
        autoFocus
        required
        value={username}
        error={!!error}
        helperText={error}
        onChange={onChange}
      />
      <Button type="submit" variant="contained" disabled={username.trim() === ''}>
        {translate('app.login.next')}
      </Button>
    </Stack>
  );
};
