import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../notifications';
import { loginUrl } from '../providers/authProvider';
import { consumeSessionLost, hasToken, rememberTarget } from '../providers/session';
import { useVisit } from './useVisit';

/**
 * Spec §2: a private route visited without a token stores the target path, shows an info notice
 * (connection lost, with a detail line) and redirects to the login page.
 */
export const RequireAuth = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useVisit(hasToken);
  const target = `${location.pathname}${location.search}${location.hash}`;
  // StrictMode runs effects twice in development; one notice per visit is what the user should see.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (signedIn || handled.current === location.key) return;
    handled.current = location.key;
    rememberTarget(target);
    if (!consumeSessionLost())
      toast.show({
        severity: 'info',
        summary: { key: 'app.session.connectionLost' },
        detail: { key: 'app.session.signInToContinue' },
      });
    navigate(loginUrl, { replace: true });
  }, [signedIn, target, location.key, navigate]);

  return signedIn ? <Outlet /> : null;
};
