import { useParams } from 'react-router-dom';
import { getEnvironment, getOrganisation, getProject } from '../../schemas/contracts/tenancy';
import { useCurrentUser } from '../providers/ServicesContext';
import { useCall } from '../providers/useCall';
import type { ScopeNames } from './ScopeNamesContext';

/**
 * Loads the names of the current route's organisation, project and environment (scoped layouts only).
 * The environment call answers all three names; a project needs its organisation's name too. While
 * a call is pending or failed, the names the current user's record carries stand in.
 */
export const useScopeNames = (): ScopeNames => {
  const { orgaId, projectId, envId } = useParams();
  const user = useCurrentUser();
  const environment = useCall(getEnvironment, envId ? { params: { id: envId } } : null);
  const project = useCall(getProject, projectId && !envId ? { params: { projectId } } : null);
  const organisationId = orgaId ?? project.data?.organisationId ?? environment.data?.organisationId;
  const organisation = useCall(
    getOrganisation,
    organisationId && !envId ? { params: { orgId: organisationId } } : null,
  );

  const organisations = user ? Object.values(user.organisations) : [];
  const knownOrganisation = organisations.find((orga) => orga.id === organisationId);
  const knownProject = organisations
    .flatMap((orga) => Object.values(orga.projects))
    .find((entry) => entry.id === projectId);

  return {
    organisation: organisationId
      ? {
          id: organisationId,
          name: organisation.data?.name ?? environment.data?.organisationName ?? knownOrganisation?.name,
        }
      : undefined,
    project: projectId
      ? { id: projectId, name: project.data?.name ?? environment.data?.projectName ?? knownProject?.name }
      : undefined,
    environment: envId ? { id: envId, name: environment.data?.name } : undefined,
  };
};
