import { useNavigate, useParams } from 'react-router-dom';
import { getResource } from '../../resources/registry';
import { ResourcePageFrame } from '../../resources/ResourcePageFrame';
import { useRouteScope } from '../../resources/useRouteScope';
import { organisationPath } from '../../routing/scopePaths';

const members = getResource('members');

/** Edit a member (spec §2): identity, organisation role and access level per project. */
export const EditUserPage = () => {
  const scope = useRouteScope();
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const back = () => navigate(`${organisationPath(scope.organisationId ?? '')}?tab=members`);
  const Edit = members.edit;
  return (
    <ResourcePageFrame titleKey="app.routes.editUser">
      <Edit resource={members} scope={scope} id={userId} onSaved={back} onCancel={back} onDeleted={back} />
    </ResourcePageFrame>
  );
};
