import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../api';

/** An inline failure of one read call, with the server's message and a way to try again. */
export const CallErrorAlert = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) => {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('app.common.retry')}
          </Button>
        ) : undefined
      }
    >
      {errorMessage(error)}
    </Alert>
  );
};
