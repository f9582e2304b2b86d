import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { PasswordStep } from './PasswordStep';
import { useLoginFlow } from './useLoginFlow';
import { UsernameStep } from './UsernameStep';

/**
 * The sign-in page (spec §2). Sign-in with Google or a directory account is not offered: neither
 * provider is configured in this build, and a button that cannot work is worse than none.
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const flow = useLoginFlow();
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {translate('app.login.title')}
      </Typography>
      {flow.step === 'username' ? (
        <UsernameStep
          username={flow.username}
          onChange={flow.setUsername}
          onNext={flow.next}
          error={flow.error}
        />
      ) : (
        <PasswordStep
          username={flow.username}
          password={flow.password}
          onChange={flow.setPassword}
          onBack={flow.back}
          onSubmit={() => void flow.submit()}
          submitting={flow.submitting}
          error={flow.error}
        />
      )}
      <Link component={RouterLink} to="/forgot-password" variant="body2">
        {translate('app.login.forgotPassword')}
      </Link>
    </Stack>
  );
};
