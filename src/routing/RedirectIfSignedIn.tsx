import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { consumeTarget, hasToken } from '../providers/session';
import { useVisit } from './useVisit';

/**
 * Spec §2: a signed-in user who opens a login route goes to the stored post-login target, or to the
 * root (which picks the landing page). Judged per visit, so that signing in on the login page is left
 * to the login flow's own redirect.
 */
export const RedirectIfSignedIn = () => {
  const navigate = useNavigate();
  const signedIn = useVisit(hasToken);
  useEffect(() => {
    if (signedIn) navigate(consumeTarget() ?? '/', { replace: true });
  }, [signedIn, navigate]);
  return signedIn ? null : <Outlet />;
};
