import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { ChoiceField } from '../../../components/ChoiceField';
import { useCurrentUser } from '../../../providers/ServicesContext';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { environmentPath } from '../../../routing/scopePaths';
import { startImpersonation } from './impersonation';

const members = getResource('members');
const environments = getResource('environments');

/**
 * Platform staff pick a user and one of the environments of the user's organisation, then see and
 * do everything as that user (spec §6 ghosting): the console sends the switch header, the server
 * accepts it from staff only and writes both names in the audit log.
 */
export const ImpersonatePage = () => {
  const translate = useTranslate();
  const user = useCurrentUser();
  const [orgId, setOrgId] = useState('');
  const [username, setUsername] = useState('');
  const [projectId, setProjectId] = useState('');
  const [envId, setEnvId] = useState('');
  const organisation = user?.organisations[orgId];
  const { data: people = [] } = useGetList(
    members.apiResource(orgId),
    { sort: { field: 'username', order: 'ASC' }, pagination: { page: 1, perPage: 500 } },
    { enabled: orgId !== '' },
  );
  const { data: envs = [] } = useGetList(
    environments.apiResource(projectId),
    { sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 500 } },
    { enabled: projectId !== '' },
  );

  if (user?.role !== 'staff')
    return <Alert severity="warning">{translate('app.errors.accessDeniedHint')}</Alert>;
  return (
    <ResourcePageFrame titleKey="app.routes.impersonate">
      <Card>
        <CardContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.impersonate.intro')}
          </Typography>
          <Stack spacing={2}>
            <ChoiceField
              fullWidth
              label={translate('app.impersonate.organisation')}
              value={orgId}
              options={Object.values(user.organisations)
                .sort((a, b) => a.name.localeCompare(b.name))
                .map((o) => ({ value: o.id, label: o.name }))}
              onChange={(value) => {
                setOrgId(value);
                setUsername('');
                setProjectId('');
                setEnvId('');
              }}
            />
            <ChoiceField
              fullWidth
              label={translate('app.impersonate.user')}
              value={username}
              options={people.map((p) => ({
                value: String(p.username),
                label: `${String(p.username)} (${String(p.firstname)} ${String(p.lastname)})`,
              }))}
              onChange={setUsername}
            />
            <ChoiceField
              fullWidth
              label={translate('app.impersonate.project')}
              value={projectId}
              options={Object.values(organisation?.projects ?? {}).map((p) => ({
                value: p.id,
                label: p.name,
              }))}
              onChange={(value) => {
                setProjectId(value);
                setEnvId('');
              }}
            />
            <ChoiceField
              fullWidth
              label={translate('app.impersonate.environment')}
              value={envId}
              options={envs.map((e) => ({ value: String(e.id), label: String(e.name) }))}
              onChange={setEnvId}
            />
          </Stack>
        </CardContent>
        <CardActions>
          <Button
            variant="contained"
            disabled={!username || !envId}
            onClick={() => startImpersonation(username, envId, environmentPath(projectId, envId))}
          >
            {translate('app.impersonate.start')}
          </Button>
        </CardActions>
      </Card>
    </ResourcePageFrame>
  );
};
