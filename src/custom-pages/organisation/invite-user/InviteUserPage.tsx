import { useNavigate } from 'react-router-dom';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { organisationPath } from '../../../routing/scopePaths';

const invitations = getResource('invitations');

/** Invite a user (spec §2): the server mails the invitee a link to accept or decline. */
export const InviteUserPage = () => {
  const scope = useRouteScope();
  const navigate = useNavigate();
  const back = () => navigate(`${organisationPath(scope.organisationId ?? '')}?tab=invitations`);
  const Create = invitations.create;
  return (
    <ResourcePageFrame titleKey="app.routes.inviteUser">
      <Create resource={invitations} scope={scope} onSaved={back} onCancel={back} />
    </ResourcePageFrame>
  );
};
