import { useNavigate } from 'react-router-dom';
import { getResource } from '../../resources/registry';
import { ResourcePageFrame } from '../../resources/ResourcePageFrame';
import { useRouteScope } from '../../resources/useRouteScope';
import { environmentPath, projectPath } from '../../routing/scopePaths';

const environments = getResource('environments');

/**
 * Create an environment (spec §2, §3): the AI version defaults to v4 (the schema's default), the
 * name must be unique in the project (the server's 409 lands on the field). Then the new environment.
 */
export const EnvNewPage = () => {
  const scope = useRouteScope();
  const navigate = useNavigate();
  const projectId = scope.projectId ?? '';
  const Create = environments.create;
  return (
    <ResourcePageFrame titleKey="app.routes.envNew">
      <Create
        resource={environments}
        scope={scope}
        onSaved={(environment) => navigate(environmentPath(projectId, String(environment.id)))}
        onCancel={() => navigate(projectPath(projectId))}
      />
    </ResourcePageFrame>
  );
};
