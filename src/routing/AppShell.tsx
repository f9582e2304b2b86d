import Button from '@mui/material/Button';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useLocale, useLogout, useTranslate } from 'react-admin';
import { getAnalytics } from '../analytics';
import { errorMessage } from '../api';
import { FullPageError, RetryButton } from '../components/FullPageError';
import { PageLoader } from '../components/PageLoader';
import { useSyncAdminTheme } from '../preferences';
import { useCurrentUser } from '../providers/ServicesContext';
import { removeTooltips } from './removeTooltips';
import { useUserGate } from './useUserGate';

/** Tells analytics who is signed in, and forgets them after logout. */
const useAnalyticsIdentity = () => {
  const user = useCurrentUser();
  const identified = useRef(false);
  useEffect(() => {
    if (user) {
      getAnalytics().identify(user);
      identified.current = true;
    } else if (identified.current) {
      // Only after a sign-out: a visitor who never signed in keeps their anonymous id.
      getAnalytics().reset();
      identified.current = false;
    }
  }, [user]);
};

/**
 * The parent of every route: what spec §2 asks on each navigation (tooltips removed, the user loaded
 * when only a token is known, a page view recorded) and the shared wait for lazy pages.
 */
export const AppShell = () => {
  const translate = useTranslate();
  const logout = useLogout();
  const { pathname, search } = useLocation();
  const gate = useUserGate();
  useSyncAdminTheme();
  useAnalyticsIdentity();

  useEffect(() => {
    removeTooltips();
  }, [pathname]);

  // Screen readers and the browser's spell checker follow the page language.
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const ready = gate.status === 'ready';
  useEffect(() => {
    // After the page's own effects, so the title it set is the one recorded with the view.
    if (ready) getAnalytics().page();
  }, [ready, pathname, search]);

  if (gate.status === 'loading') return <PageLoader fullPage />;
  if (gate.status === 'error') {
    return (
      <FullPageError
        title={translate('app.session.userLoadFailed')}
        detail={errorMessage(gate.error)}
        actions={
          <>
            <RetryButton onClick={gate.retry} label={translate('app.common.retry')} />
            <Button onClick={() => logout()}>{translate('app.menu.logout')}</Button>
          </>
        }
      />
    );
  }
  return (
    <Suspense fallback={<PageLoader fullPage />}>
      <Outlet />
    </Suspense>
  );
};
