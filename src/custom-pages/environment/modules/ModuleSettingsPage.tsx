import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { listModules } from '../../../../schemas/contracts/modules';
import { MODULES_WITH_SETTINGS } from '../../../../schemas/modules';
import { errorMessage } from '../../../api/errors';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';
import { environmentPath } from '../../../routing/scopePaths';
import { routable } from './TaintRouting';
import { useModuleName } from './useModuleName';
import { SettingsForm } from './ModuleSettingsForm';

/**
 * The settings page of a module with settings (MODULES_WITH_SETTINGS; spec pipeline §3: name, NLU
 * context, input type; the categorization's default categories; the vision engine's type, prompt
 * and keys; the OCR data extraction's category, documents and fields; the consolidation's workflow;
 * the output's choices). A refused save says which module failed and why (spec §8: "one failure
 * message per module"), each problem under its field.
 */
export const ModuleSettingsPage = () => {
  const { projectId = '', envId = '', type = '' } = useParams();
  const home = `${environmentPath(projectId, envId)}/modules`;
  if (!(MODULES_WITH_SETTINGS as readonly string[]).includes(type)) return <Navigate to={home} replace />;
  return <ModuleSettings key={type} projectId={projectId} envId={envId} home={home} />;
};

const ModuleSettings = ({ projectId, envId, home }: { projectId: string; envId: string; home: string }) => {
  const { type = '' } = useParams();
  const translate = useTranslate();
  const moduleName = useModuleName();
  const loaded = useCall(listModules, { params: { envId } });
  const module = loaded.data?.modules.find((m) => m.type === type);
  if (loaded.status === 'pending') return <PageLoader />;
  if (loaded.status === 'error') return <Alert severity="error">{errorMessage(loaded.error)}</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {translate('app.modules.settings', {
          name: module ? moduleName(module) : translate(`app.modules.types.${type}`),
        })}
      </Typography>
      <div>
        <Button component={RouterLink} to={home}>
          {translate('app.modules.form.back')}
        </Button>
      </div>
      {module?.active ? (
        <SettingsForm
          projectId={projectId}
          envId={envId}
          module={module}
          llm={loaded.data.llm}
          workflowConfigured={loaded.data.workflow.configured}
          routable={routable(
            loaded.data.modules.filter((m) => m.active),
            module.type,
          )}
          categorizationActive={loaded.data.modules.some((m) => m.type === 'categorization' && m.active)}
        />
      ) : (
        <Alert severity="info">{translate('app.modules.form.inactive')}</Alert>
      )}
    </Stack>
  );
};
