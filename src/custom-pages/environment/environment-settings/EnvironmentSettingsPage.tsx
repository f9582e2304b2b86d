import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router-dom';
import { useResourceAccess } from '../../../resources/useResourceAccess';
import { EnvironmentLlmCard } from './EnvironmentLlmCard';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { environmentPath, projectPath } from '../../../routing/scopePaths';

const environments = getResource('environments');

/**
 * Environment settings (spec §3–4): name, visibility, priority processing, AI debug and production
 * modes (never both: the server refuses, the form says so on the field), languages and data
 * retention; and deleting the environment, after a confirmation. Deletion is asynchronous: the
 * request is recorded and the environment is gone a few seconds later. Below, for configurators,
 * the environment's own LLM endpoint.
 */
export const EnvironmentSettingsPage = () => {
  const scope = useRouteScope();
  const navigate = useNavigate();
  const projectId = scope.projectId ?? '';
  const envId = scope.environmentId ?? '';
  const Edit = environments.edit;
  // The LLM endpoint is the configurators' (as the settings' edit); others see the settings only.
  const canEdit = useResourceAccess(environments, { projectId }, envId).edit;
  return (
    <ResourcePageFrame titleKey="app.routes.environmentSettings">
      <Stack spacing={3}>
        <Edit
          resource={environments}
          scope={scope}
          id={envId}
          onCancel={() => navigate(environmentPath(projectId, envId))}
          onDeleted={() => navigate(projectPath(projectId))}
        />
        {canEdit && envId ? <EnvironmentLlmCard envId={envId} /> : null}
      </Stack>
    </ResourcePageFrame>
  );
};
