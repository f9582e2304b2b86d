import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import type { ExtractorTestAnswer } from '../../../schemas/contracts/analyses';
import { getExtractorSettings, testExtractor } from '../../../schemas/contracts/analyses';
import { errorMessage } from '../../api';
import { CallErrorAlert } from '../../components/CallErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { useApiClient } from '../../providers/ServicesContext';
import { useCall } from '../../providers/useCall';
import { ResourcePageFrame } from '../../resources/ResourcePageFrame';
import { environmentPath } from '../../routing/scopePaths';
import { ChosenFiles } from '../analyses/ChosenFiles';
import { FilePicker } from '../analyses/components/FilePicker';
import { MessageLines } from '../analyses/components/MessageLines';
import { uploadProblems } from '../analyses/components/uploadRules';
import { ExtractorTestReport } from './ExtractorTestReport';

type Run =
  | { state: 'idle' }
  | { state: 'reading' }
  | { state: 'read'; answer: ExtractorTestAnswer }
  | { state: 'failed'; message: string };

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
  const [file, setFile] = useState<File>();
  const [run, setRun] = useState<Run>({ state: 'idle' });

  if (settings.status === 'pending') return <PageLoader />;
  if (settings.status === 'error') return <CallErrorAlert error={settings.error} onRetry={settings.retry} />;
  if (!settings.data.enabled) return <Navigate to={environmentPath(projectId, envId)} replace />;

  const read = async (picked: File) => {
    setFile(picked);
    const problems = uploadProblems([picked], { maxFiles: 1 });
    if (problems.length > 0)
      return setRun({ state: 'failed', message: problems.map((p) => translate(p.key, p.values)).join(' ') });
    setRun({ state: 'reading' });
    try {
      const answer = await client.call(testExtractor, { params: { envId }, body: { file: picked } });
      setRun({ state: 'read', answer });
    } catch (error) {
      setRun({
        state: 'failed',
        message: translate('app.extractor.test.failed', { reason: errorMessage(error) }),
      });
    }
  };

  return (
    <ResourcePageFrame titleKey="app.routes.extractorTest" wide>
      <Stack spacing={2}>
        <Typography color="text.secondary">{translate('app.extractor.test.intro')}</Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <FilePicker
            label={translate('app.extractor.test.choose')}
            disabled={run.state === 'reading'}
            onPick={(files) => files[0] && void read(files[0])}
          />
          <ChosenFiles
            files={file ? [file] : []}
            onRemove={() => {
              setFile(undefined);
              setRun({ state: 'idle' });
            }}
          />
        </Stack>
        {run.state === 'reading' ? <PageLoader /> : null}
        {run.state === 'failed' ? <MessageLines severity="error" lines={[run.message]} /> : null}
        {run.state === 'read' ? <ExtractorTestReport answer={run.answer} /> : null}
      </Stack>
    </ResourcePageFrame>
  );
};
