import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useRef } from 'react';
import { useTranslate } from 'react-admin';
import type { CurrentUser } from '../../../../schemas/contracts/auth';
import { setProjectMarks, type Project } from '../../../../schemas/contracts/tenancy';
import { errorMessage } from '../../../api';
import { toast } from '../../../notifications';
import { useCurrentUser, useServices } from '../../../providers/ServicesContext';

export type ProjectMarkValues = { favourite: boolean; quickAccess: boolean };

/** The signed-in user's marks on a project (none when the user or the project is unknown). */
export const marksOf = (user: CurrentUser | undefined, project: Project): ProjectMarkValues => {
  const entry = user?.organisations[project.organisationId]?.projects[project.id];
  return { favourite: entry?.favourite ?? false, quickAccess: entry?.quickAccess ?? false };
};

/**
 * The user's own marks on a project (spec platform-shell §3): a star for favourites (listed first)
 * and a pin for quick access (listed in the organisation menu). Saved on the server, then the
 * current user is reloaded so every view of the marks follows.
 */
export const ProjectMarks = ({ project }: { project: Project }) => {
  const translate = useTranslate();
  const { client, currentUser } = useServices();
  const marks = marksOf(useCurrentUser(), project);
  // One change at a time; the buttons stay enabled (a disabled button would lose its tooltip).
  const saving = useRef(false);

  const toggle = async (body: Partial<ProjectMarkValues>) => {
    if (saving.current) return;
    saving.current = true;
    try {
      await client.call(setProjectMarks, { params: { projectId: project.id }, body });
      await currentUser.load();
    } catch (err) {
      toast.show({
        severity: 'error',
        summary: { key: 'app.project.marksFailed' },
        detail: errorMessage(err),
      });
    } finally {
      saving.current = false;
    }
  };

  const favouriteLabel = translate(
    marks.favourite ? 'app.project.removeFavourite' : 'app.project.addFavourite',
  );
  const quickAccessLabel = translate(
    marks.quickAccess ? 'app.project.unpinQuickAccess' : 'app.project.pinQuickAccess',
  );
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title={favouriteLabel}>
        <IconButton
          aria-label={favouriteLabel}
          aria-pressed={marks.favourite}
          color={marks.favourite ? 'warning' : 'default'}
          onClick={() => void toggle({ favourite: !marks.favourite })}
        >
          {marks.favourite ? <Star /> : <StarBorder />}
        </IconButton>
      </Tooltip>
      <Tooltip title={quickAccessLabel}>
        <IconButton
          aria-label={quickAccessLabel}
          aria-pressed={marks.quickAccess}
          color={marks.quickAccess ? 'primary' : 'default'}
          onClick={() => void toggle({ quickAccess: !marks.quickAccess })}
        >
          {marks.quickAccess ? <PushPin /> : <PushPinOutlined />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
};
