import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { listEnvironments } from '../../../../schemas/contracts/tenancy';
import { useCall } from '../../../providers/useCall';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';

const domainRules = getResource('domain-rules');
const domainModules = getResource('domain-modules');

/** Domain modules offered at most; a project has a handful. */
const MODULES_READ = 500;

/**
 * The testing centre's domain rules (spec pipeline §2–3, §5): the generated list and forms, the
 * module shown by its name and the priorities as "environment: priority". The form offers the
 * project's categorisation rules for the name, its domain modules and its environments.
 */
export const DomainRulesPage = () => {
  const translate = useTranslate();
  const scope = useRouteScope();
  const projectId = scope.projectId ?? '';
  const { data: modules = [] } = useGetList(domainModules.apiResource(projectId), {
    filter: domainModules.scopeFilter(projectId),
    sort: domainModules.hints.defaultSort,
    pagination: { page: 1, perPage: MODULES_READ },
  });
  const environments = useCall(listEnvironments, projectId ? { params: { projectId } } : null);
  const cells = useMemo(() => {
    const moduleNames = new Map(modules.map((m) => [String(m.id), String(m.name)]));
    const environmentNames = new Map((environments.data ?? []).map((e) => [e.id, e.name]));
    return {
      module: ({ module }: RaRecord) => moduleNames.get(String(module)) ?? String(module ?? ''),
      priorities: ({ priorities }: RaRecord) =>
        Array.isArray(priorities) ? (
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            {(priorities as { environmentId: string; priority: number }[]).map((p) => (
              <Chip
                key={p.environmentId}
                size="small"
                variant="outlined"
                label={`${environmentNames.get(p.environmentId) ?? p.environmentId} : ${p.priority}`}
              />
            ))}
          </Stack>
        ) : null,
    };
  }, [modules, environments.data]);
  const List = domainRules.list;
  return (
    <ResourcePageFrame titleKey="app.routes.domainRules" wide>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.testing.domainRules.intro')}
      </Typography>
      <List resource={domainRules} scope={scope} cells={cells} />
    </ResourcePageFrame>
  );
};
