import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface FullPageErrorProps {
  title: string;
  detail?: string;
  /** Buttons (retry, sign out…); the first is the one most users want. */
  actions?: ReactNode;
}

/** A blocking error: shown instead of the page when there is nothing sensible to show. */
export const FullPageError = ({ title, detail, actions }: FullPageErrorProps) => (
  <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
    <Stack spacing={2} sx={{ maxWidth: 480 }} role="alert">
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {detail ? <Alert severity="error">{detail}</Alert> : null}
      {actions ? (
        <Stack direction="row" spacing={1}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  </Box>
);

export const RetryButton = ({ onClick, label }: { onClick: () => void; label: string }) => (
  <Button variant="contained" onClick={onClick}>
    {label}
  </Button>
);
