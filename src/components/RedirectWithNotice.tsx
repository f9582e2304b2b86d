import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { Navigate } from 'react-router-dom';

/**
 * Sends the user to `to` with a notice saying why (spec pipeline §8: a test page whose module is
 * off redirects to the dashboard, with the message).
 */
export const RedirectWithNotice = ({ to, message }: { to: string; message: string }) => {
  const notify = useNotify();
  useEffect(() => notify(message, { type: 'warning' }), [notify, message]);
  return <Navigate to={to} replace />;
};
