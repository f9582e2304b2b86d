import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** Said instead of a page the user's role does not open (spec §6), with the way back home. */
export const AccessDenied = () => {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} role="alert">
      <Typography variant="h5" component="h1">
        {translate('app.errors.accessDenied')}
      </Typography>
      <Typography>{translate('app.errors.accessDeniedHint')}</Typography>
      <Button component={Link} to="/" variant="contained">
        {translate('app.common.goHome')}
      </Button>
    </Stack>
  );
};
