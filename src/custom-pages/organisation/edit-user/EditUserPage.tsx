import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useNavigate, useParams } from 'react-router-dom';
import { SessionsPanel } from '../../../components/sessions/SessionsPanel';
import { useCurrentUser } from '../../../providers/ServicesContext';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { organisationPath } from '../../../routing/scopePaths';

const members = getResource('members');

/**
 * Edit a member (spec §2): identity, organisation role and access level per project; and, for an
 * administrator, the member's sessions.
 */
export const EditUserPage = () => {
  const scope = useRouteScope();
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const back = () => navigate(`${organisationPath(scope.organisationId ?? '')}?tab=members`);
  const Edit = members.edit;
  const me = useCurrentUser();
  // The server decides (403 otherwise); the console only leaves the section out for members who are
  // not administrators of this organisation.
  const administers = me?.role === 'staff' || me?.organisations[scope.organisationId ?? '']?.role === 'admin';
  return (
    <ResourcePageFrame titleKey="app.routes.editUser">
      <Edit resource={members} scope={scope} id={userId} onSaved={back} onCancel={back} onDeleted={back} />
      {administers && userId ? (
        <Card sx={{ mt: 3 }}>
          <CardContent>
            <SessionsPanel userId={userId} />
          </CardContent>
        </Card>
      ) : null}
    </ResourcePageFrame>
  );
};
