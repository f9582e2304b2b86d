import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RedirectWithNotice } from '../../../components/RedirectWithNotice';
import { getExtractorSettings, testExtractor } from '../../../../schemas/contracts/analyses';
import { errorMessage } from '../../../api';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { useCall } from '../../../providers/useCall';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { environmentPath } from '../../../routing/scopePaths';
import { TestFilePicker, useTestFile } from '../analyses/components/TestFile';
import { ExtractorTestReport } from './ExtractorTestReport';
import { useExtractionFailure } from './useExtractionFailure';

/**
 * The extractor test page (spec §2): one file read with the environment's saved settings, shown as
 * the pipeline would get it. Spec §8 sends a user to the dashboard when the extractor is not
 * enabled; the dashboard is not built yet, so the environment's home stands in for it.
 */
export const ExtractorTestPage = () => {
  const translate = useTranslate();
  const client = useApiClient();
  const { projectId = '', envId = '' } = useParams();
  const settings = useCall(getExtractorSettings, { params: { envId } });
  const extractionFailure = useExtractionFailure();
  const test = useTestFile(
    (file: File) => client.call(testExtractor, { params: { envId }, body: { file } }),
    // EXTRACTION_FAILED says the parser's reason; any other refusal is said in full.
    (error) =>
      extractionFailure(error) ?? translate('app.extractor.test.failed', { reason: errorMessage(error) }),
  );

  if (settings.status === 'pending') return <PageLoader />;
  if (settings.status === 'error') return <CallErrorAlert error={settings.error} onRetry={settings.retry} />;
  if (!settings.data.enabled)
    return (
      <RedirectWithNotice
        to={`${environmentPath(projectId, envId)}/dashboard`}
        message="app.extractor.test.disabled"
      />
    );

  return (
    <ResourcePageFrame titleKey="app.routes.extractorTest" wide>
      <Stack spacing={2}>
        <Typography color="text.secondary">{translate('app.extractor.test.intro')}</Typography>
        <TestFilePicker label={translate('app.extractor.test.choose')} test={test} />
        {test.run.state === 'read' ? <ExtractorTestReport answer={test.run.answer} /> : null}
      </Stack>
    </ResourcePageFrame>
  );
};
