import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../../providers/ServicesContext';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { writtenBy } from '../../../resources/writtenBy';
import { organisationPath } from '../../../routing/scopePaths';

const organisations = getResource('organisations');

/**
 * Organisation settings (spec §2): its name, contract start date and yearly quota, for its admins;
 * the contract and quota are shown read-only to all but platform staff, who alone set them.
 */
export const OrganisationSettingsPage = () => {
  const scope = useRouteScope();
  const navigate = useNavigate();
  const isStaff = useCurrentUser()?.role === 'staff';
  const resource = useMemo(() => writtenBy(organisations, isStaff), [isStaff]);
  const orgaId = scope.organisationId ?? '';
  const Edit = organisations.edit;
  return (
    <ResourcePageFrame titleKey="app.routes.organisationSettings">
      <Edit
        resource={resource}
        scope={scope}
        id={orgaId}
        onCancel={() => navigate(organisationPath(orgaId))}
      />
    </ResourcePageFrame>
  );
};
