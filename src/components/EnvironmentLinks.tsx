import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { listEnvironments } from '../../schemas/contracts/tenancy';
import { useCall } from '../providers/useCall';
import { environmentPath } from '../routing/scopePaths';
import { CallErrorAlert } from './CallErrorAlert';
import { PageLoader } from './PageLoader';

/** A project's environments, each a link to its home, with its visibility. */
export const EnvironmentLinks = ({ projectId }: { projectId: string }) => {
  const translate = useTranslate();
  const environments = useCall(listEnvironments, { params: { projectId } });
  if (environments.status === 'pending') return <PageLoader />;
  if (environments.status === 'error')
    return <CallErrorAlert error={environments.error} onRetry={environments.retry} />;
  if (environments.data.length === 0) {
    return <Typography color="text.secondary">{translate('app.project.noEnvironments')}</Typography>;
  }
  return (
    <List dense aria-label={translate('app.project.environments')}>
      {environments.data.map((environment) => (
        <ListItemButton key={environment.id} component={Link} to={environmentPath(projectId, environment.id)}>
          <ListItemText primary={environment.name} />
          <Chip
            size="small"
            variant="outlined"
            label={translate(`app.environment.visibilities.${environment.visibility}`)}
          />
        </ListItemButton>
      ))}
    </List>
  );
};
