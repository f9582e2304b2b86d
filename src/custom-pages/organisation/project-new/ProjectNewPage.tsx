import { useNavigate } from 'react-router-dom';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { organisationPath, projectPath } from '../../../routing/scopePaths';

const projects = getResource('projects');

/** New project (spec §2), then the new project's home. */
export const ProjectNewPage = () => {
  const scope = useRouteScope();
  const navigate = useNavigate();
  const Create = projects.create;
  return (
    <ResourcePageFrame titleKey="app.routes.projectNew">
      <Create
        resource={projects}
        scope={scope}
        onSaved={(project) => navigate(projectPath(String(project.id)))}
        onCancel={() => navigate(organisationPath(scope.organisationId ?? ''))}
      />
    </ResourcePageFrame>
  );
};
