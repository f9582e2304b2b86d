import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslate } from 'react-admin';

/** What a page shows while its code or data arrives; `fullPage` for the app-level waits. */
export const PageLoader = ({ fullPage = false }: { fullPage?: boolean }) => {
  const translate = useTranslate();
  return (
    <Box
      role="progressbar"
      aria-label={translate('app.common.loading')}
      sx={{
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        p: 4,
        minHeight: fullPage ? '100vh' : 120,
      }}
    >
      <CircularProgress />
    </Box>
  );
};
