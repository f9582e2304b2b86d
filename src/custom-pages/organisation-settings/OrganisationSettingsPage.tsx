import { useNavigate } from 'react-router-dom';
import { getResource } from '../../resources/registry';
import { ResourcePageFrame } from '../../resources/ResourcePageFrame';
import { useRouteScope } from '../../resources/useRouteScope';
import { organisationPath } from '../../routing/scopePaths';

const organisations = getResource('organisations');

/** Organisation settings (spec §2): its name, contract start date and yearly quota, for its admins. */
export const OrganisationSettingsPage = () => {
  const scope = useRouteScope();
  const navigate = useNavigate();
  const orgaId = scope.organisationId ?? '';
  const Edit = organisations.edit;
  return (
    <ResourcePageFrame titleKey="app.routes.organisationSettings">
      <Edit
        resource={organisations}
        scope={scope}
        id={orgaId}
        onCancel={() => navigate(organisationPath(orgaId))}
      />
    </ResourcePageFrame>
  );
};
