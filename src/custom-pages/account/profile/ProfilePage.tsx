import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { DetailList } from '../../../components/DetailList';
import { SessionsPanel } from '../../../components/sessions/SessionsPanel';
import { FeatureFlagsPanel } from '../../../featureFlags';
import { fullName } from '../../../providers/landing';
import { useCurrentUser } from '../../../providers/ServicesContext';
import { DisplayPreferences } from './DisplayPreferences';
import { LegacyHomePreference } from './LegacyHomePreference';

/**
 * The profile (spec §2): who is signed in, where (their sessions), their preferences and this
 * browser's feature flags.
 */
export const ProfilePage = () => {
  const translate = useTranslate();
  const user = useCurrentUser();
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {translate('app.routes.profile')}
      </Typography>
      {user ? (
        <Card>
          <CardContent>
            <DetailList
              items={[
                { label: translate('app.profile.name'), value: fullName(user) },
                { label: translate('app.profile.username'), value: user.username },
                { label: translate('app.profile.email'), value: user.email },
              ]}
            />
            <Button component={Link} to="/profile/password" sx={{ mt: 2 }}>
              {translate('app.menu.changePassword')}
            </Button>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardContent>
          <Stack spacing={3}>
            <Typography variant="h6" component="h2">
              {translate('app.profile.preferences')}
            </Typography>
            <DisplayPreferences />
            <LegacyHomePreference />
          </Stack>
        </CardContent>
      </Card>
      {user ? (
        <Card>
          <CardContent>
            <SessionsPanel />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardContent>
          <FeatureFlagsPanel />
        </CardContent>
      </Card>
    </Stack>
  );
};
