import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { composeDocumentTitle } from '../routing/documentTitle';

/** react-admin's catch-all: an address that matches no console route. */
export const NotFoundPage = () => {
  const translate = useTranslate();
  const title = composeDocumentTitle({
    route: translate('app.routes.notFound'),
    product: translate('app.product'),
  });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        {translate('app.errors.notFound')}
      </Typography>
      <Typography>{translate('app.errors.notFoundHint')}</Typography>
      <Button component={Link} to="/" variant="contained">
        {translate('app.common.goHome')}
      </Button>
    </Stack>
  );
};
