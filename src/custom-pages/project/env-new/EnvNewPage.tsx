import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { environmentPath, projectPath } from '../../../routing/scopePaths';
import { ImportEnvironmentForm } from './ImportEnvironmentForm';

const environments = getResource('environments');

/**
 * Create an environment (spec §2, §3), from scratch, from a use-case template or from an exported
 * configuration file. From
 * scratch, the AI version defaults to v4 (the schema's default); either way the name must be unique
 * in the project (the server's 409 lands on the field). Then the new environment.
 */
export const EnvNewPage = () => {
  const translate = useTranslate();
  const scope = useRouteScope();
  const navigate = useNavigate();
  const [source, setSource] = useState<'scratch' | 'file' | 'template'>('scratch');
  const projectId = scope.projectId ?? '';
  const open = (id: string) => navigate(environmentPath(projectId, id));
  const Create = environments.create;
  return (
    <ResourcePageFrame titleKey="app.routes.envNew">
      <Tabs
        value={source}
        onChange={(_event, value: 'scratch' | 'file' | 'template') => setSource(value)}
        sx={{ mb: 2 }}
      >
        <Tab value="scratch" label={translate('app.envNew.fromScratch')} />
        <Tab value="template" label={translate('app.envNew.fromTemplate')} />
        <Tab value="file" label={translate('app.envNew.fromFile')} />
      </Tabs>
      {source === 'scratch' ? (
        <Create
          resource={environments}
          scope={scope}
          onSaved={(environment) => open(String(environment.id))}
          onCancel={() => navigate(projectPath(projectId))}
        />
      ) : (
        <ImportEnvironmentForm key={source} projectId={projectId} onCreated={open} source={source} />
      )}
    </ResourcePageFrame>
  );
};
