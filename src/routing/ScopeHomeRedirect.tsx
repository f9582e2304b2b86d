import { Navigate, useParams } from 'react-router-dom';
import { environmentPath, organisationPath, projectPath } from './scopePaths';

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
