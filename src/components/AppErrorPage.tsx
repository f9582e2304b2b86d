import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { FullPageError, RetryButton } from './FullPageError';

export interface AppErrorPageProps {
  error: Error;
  resetErrorBoundary: (...args: unknown[]) => void;
}

/** react-admin's error boundary page: a crash in a page shows this instead of a blank screen. */
export const AppErrorPage = ({ error, resetErrorBoundary }: AppErrorPageProps) => {
  const translate = useTranslate();
  return (
    <FullPageError
      title={translate('app.errors.crashed')}
      detail={error.message}
      actions={
        <>
          <RetryButton onClick={() => resetErrorBoundary()} label={translate('app.common.retry')} />
          <Button href="/">{translate('app.common.goHome')}</Button>
        </>
      }
    />
  );
};
