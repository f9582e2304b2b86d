import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { Project } from '../../../../schemas/contracts/tenancy';
import { DeleteRecordButton } from '../../../resources/generic/DeleteRecordButton';
import { getResource } from '../../../resources/registry';
import { useResourceAccess } from '../../../resources/useResourceAccess';
import { organisationPath, projectPath } from '../../../routing/scopePaths';

const projects = getResource('projects');
const environments = getResource('environments');

/**
 * What the user's role lets them do with the project (spec §6): rename it or edit its notes in a
 * dialog (the generated form, whose name rule says 'New project name cannot exceed 50 characters'),
 * delete it (refused by the server while it has priority environments), add an environment.
 */
export const ProjectActions = ({ project }: { project: Project }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const scope = { organisationId: project.organisationId, projectId: project.id };
  const access = useResourceAccess(projects, scope, project.id);
  const canAddEnvironment = useResourceAccess(environments, scope).create;
  const Edit = projects.edit;

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {access.edit ? (
        <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
          {translate('app.project.edit')}
        </Button>
      ) : null}
      {canAddEnvironment ? (
        <Button
          variant="outlined"
          startIcon={<Add />}
          component={Link}
          to={`${projectPath(project.id)}/env-new`}
        >
          {translate('app.menu.newEnvironment')}
        </Button>
      ) : null}
      {access.delete ? (
        <DeleteRecordButton
          resource={projects}
          apiResource={projects.apiResource()}
          id={project.id}
          record={project}
          onDeleted={() => navigate(organisationPath(project.organisationId))}
        />
      ) : null}
      {/* Closed by the form's own buttons only, so unsaved changes always get the leave warning. */}
      <Dialog open={editing} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate('app.project.editTitle')}</DialogTitle>
        <DialogContent>
          <Edit
            resource={projects}
            scope={scope}
            id={project.id}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </DialogContent>
      </Dialog>
    </Stack>
  );
};
