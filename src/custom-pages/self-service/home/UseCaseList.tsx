import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslate } from 'react-admin';
import { listEnvironments } from '../../../../schemas/contracts/tenancy';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';

/**
 * The use cases of one project: its environments. Not links yet — the self-service pages of a use
 * case (analyses, dashboard, settings) come next, and a link must not lead nowhere.
 */
export const UseCaseList = ({ projectId, projectName }: { projectId: string; projectName: string }) => {
  const translate = useTranslate();
  const environments = useCall(listEnvironments, { params: { projectId } });
  if (environments.status === 'pending') return <PageLoader />;
  if (environments.status === 'error')
    return <CallErrorAlert error={environments.error} onRetry={environments.retry} />;
  if (environments.data.length === 0) return null;
  return (
    <List
      dense
      subheader={<ListSubheader disableSticky>{projectName}</ListSubheader>}
      aria-label={projectName}
    >
      {environments.data.map((environment) => (
        <ListItem key={environment.id}>
          <ListItemText
            primary={environment.name}
            secondary={translate(`app.environment.visibilities.${environment.visibility}`)}
          />
        </ListItem>
      ))}
    </List>
  );
};
