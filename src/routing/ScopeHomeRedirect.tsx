import { Navigate, useParams } from 'react-router-dom';
import { environmentPath, organisationPath, projectPath, testingCentrePath } from './scopePaths';

/** Spec §2: unknown sub-paths of an organisation, project or environment go to that scope's home. */
export const ScopeHomeRedirect = () => {
  const { orgaId, projectId, envId } = useParams();
  const home =
    projectId && envId
      ? environmentPath(projectId, envId)
      : projectId
        ? projectPath(projectId)
        : orgaId
          ? organisationPath(orgaId)
          : '/';
  return <Navigate replace to={home} />;
};

/**
 * Spec §2: the testing centre's default, and its unknown sub-paths, go to the message bank. The
 * target is absolute: a relative one under a splat route resolves against the unknown tail itself,
 * so `tests` would become `tests/messages-bank`, then `tests/messages-bank/messages-bank`, forever.
 */
export const TestingCentreHomeRedirect = () => {
  const { projectId = '' } = useParams();
  return <Navigate replace to={`${testingCentrePath(projectId)}/messages-bank`} />;
};
