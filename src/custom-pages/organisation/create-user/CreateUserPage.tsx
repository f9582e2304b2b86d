import { useNavigate } from 'react-router-dom';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { organisationPath } from '../../../routing/scopePaths';

const members = getResource('members');

/**
 * Create a user (spec §2, §5): first name, last name, username and email are mandatory; the server
 * creates the account and mails a link to set its password.
 */
export const CreateUserPage = () => {
  const scope = useRouteScope();
  const navigate = useNavigate();
  const back = () => navigate(`${organisationPath(scope.organisationId ?? '')}?tab=members`);
  const Create = members.create;
  return (
    <ResourcePageFrame titleKey="app.routes.createUser">
      <Create resource={members} scope={scope} onSaved={back} onCancel={back} />
    </ResourcePageFrame>
  );
};
