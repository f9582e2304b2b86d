import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getEnvironment, listEnvironments } from '../../schemas/contracts/tenancy';
import { HttpError } from '../api/errors';
import { toast } from '../notifications';
import { useApiClient } from '../providers/ServicesContext';
import { environmentPath, projectPath } from './scopePaths';

const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

/**
 * Spec platform-shell §8, "environment not found (redirect to another environment)": when the
 * environment of the route does not exist, or not for this user (the server answers 404 to both),
 * the console goes to another environment of the project with a notice, or to the project's home
 * saying the project has none. Checked at each navigation inside the environment and when the
 * browser tab comes back, so that an environment deleted in another tab is left at the next step.
 */
export const useEnvironmentGone = (projectId: string, envId: string): void => {
  const client = useApiClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    let live = true;
    const check = async () => {
      try {
        await client.call(getEnvironment, { params: { id: envId } });
        return;
      } catch (error) {
        if (!live || !isNotFound(error)) return;
      }
      let others: { id: string; name: string }[] = [];
      try {
        others = (await client.call(listEnvironments, { params: { projectId } })).filter(
          (environment) => environment.id !== envId,
        );
      } catch {
        // The project is gone too, or not open to this user: its own home says so.
      }
      if (!live) return;
      const [next] = others;
      if (next) {
        toast.show({
          severity: 'warn',
          summary: { key: 'app.environment.notFound' },
          detail: { key: 'app.environment.movedTo', values: { name: next.name } },
        });
        navigate(environmentPath(projectId, next.id), { replace: true });
      } else {
        toast.show({
          severity: 'warn',
          summary: { key: 'app.environment.notFound' },
          detail: { key: 'app.environment.noneInProject' },
        });
        navigate(projectPath(projectId), { replace: true });
      }
    };
    void check();
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => {
      live = false;
      window.removeEventListener('focus', onFocus);
    };
  }, [client, navigate, projectId, envId, pathname]);
};
