import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import type { RouteScope } from './types';

/** The organisation, project and environment ids of the current route (spec §2 layouts). */
export const useRouteScope = (): RouteScope => {
  const { orgaId, projectId, envId } = useParams();
  return useMemo(
    () => ({ organisationId: orgaId, projectId, environmentId: envId }),
    [orgaId, projectId, envId],
  );
};
