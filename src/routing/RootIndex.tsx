import { Navigate } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { loginUrl } from '../providers/authProvider';
import { landingPath } from '../providers/landing';
import { useCurrentUser } from '../providers/ServicesContext';
import { hasToken } from '../providers/session';

/**
 * The root's own index (spec §2): the landing page of the signed-in user — self-service for light
 * accounts, their organisation otherwise — or the login page without a token.
 */
export const RootIndex = () => {
  const user = useCurrentUser();
  if (!hasToken()) return <Navigate replace to={loginUrl} />;
  // The app shell loads the user before any page renders; this is only the instant in between.
  if (!user) return <PageLoader fullPage />;
  return <Navigate replace to={landingPath(user)} />;
};
