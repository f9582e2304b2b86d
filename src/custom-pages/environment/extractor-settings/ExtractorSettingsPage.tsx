import Science from '@mui/icons-material/ScienceOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { getExtractorSettings } from '../../../../schemas/contracts/analyses';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { invalidateCallCache } from '../../../providers/callCache';
import { useApiClient } from '../../../providers/ServicesContext';
import { useCall } from '../../../providers/useCall';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { scopedCheck } from '../../../resources/useResourceAccess';
import { environmentPath } from '../../../routing/scopePaths';
import { ExtractorSettingsForm } from './ExtractorSettingsForm';

/**
 * The extractor module's settings page (spec §2 "Settings pages per module", §3 "Extractor
 * settings"): cache, formatter, one section per parser family and per-extension overrides.
 * Configurators change them; the others see them. The test page is one click away.
 */
export const ExtractorSettingsPage = () => {
  const translate = useTranslate();
  const client = useApiClient();
  const { projectId = '', envId = '' } = useParams();
  const settings = useCall(getExtractorSettings, { params: { envId } });
  const { canAccess: canEdit, isPending } = useCanAccess(
    scopedCheck('edit', `environments/${envId}/extractor-settings`, { projectId }),
  );

  if (settings.status === 'pending' || isPending) return <PageLoader />;
  if (settings.status === 'error') return <CallErrorAlert error={settings.error} onRetry={settings.retry} />;
  return (
    <ResourcePageFrame titleKey="app.routes.extractor">
      <Typography color="text.secondary">{translate('app.extractor.intro')}</Typography>
      <ExtractorSettingsForm
        envId={envId}
        settings={settings.data}
        readOnly={!canEdit}
        // The test page and the menu read the saved settings (is the extractor enabled?).
        onSaved={() => invalidateCallCache(client)}
        extra={
          settings.data.enabled ? (
            <Button
              component={Link}
              to={`${environmentPath(projectId, envId)}/extractor/test`}
              startIcon={<Science />}
            >
              {translate('app.extractor.test.open')}
            </Button>
          ) : null
        }
      />
    </ResourcePageFrame>
  );
};
