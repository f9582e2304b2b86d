import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { FINAL_STATUSES, type AnalysisResult } from '../../../../schemas/analysis-result';
import { HttpError } from '../../../api';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { scopedCheck } from '../../../resources/useResourceAccess';
import { ExtractionAttachments } from '../analyses/components/ExtractionAttachments';
import { ExtractionMessage } from '../analyses/components/ExtractionMessage';
import { TabbedPanels } from '../analyses/components/TabbedPanels';
import { AnalysisActions } from './AnalysisActions';
import { AnalysisHeader } from './AnalysisHeader';
import { AnalysisPreview } from './AnalysisPreview';
import { AnalysisCategories } from './AnalysisCategories';
import { AnalysisDeliveries } from './AnalysisDeliveries';
import { AnalysisOutput } from './AnalysisOutput';
import { AnalysisReply } from './AnalysisReply';
import { AnalysisTrace } from './AnalysisTrace';
import { AnalysisVision } from './AnalysisVision';
import { useAnalysisResult } from './useAnalysisResult';
import { useTraceText } from './traceText';
import { AddToBankButton } from '../../testing-centre/messages-bank/AddToBankButton';

/** Spec §8: an unknown analysis 'does not exist'; an anonymized one cannot be opened. */
const refusalKey = (error: unknown) =>
  error instanceof HttpError && error.status === 404
    ? 'app.analyses.result.notFound'
    : error instanceof HttpError && error.status === 410
      ? 'app.analyses.result.anonymized'
      : undefined;

/**
 * Whether the vision engine had something to say: an answer, or a step that ran, failed or was
 * skipped with a warning. An environment without it (an opt-in module) gets no tab for it.
 */
const visionSpoke = (result: AnalysisResult | null) => {
  const step = result?.trace.find((t) => t.step === 'visionEngine');
  return (
    Boolean(result?.vision) || (step !== undefined && (step.status !== 'skipped' || step.warnings.length > 0))
  );
};

/**
 * One analysis (spec §2 analyses/{id}): where it stands, live until it is finished, what can be
 * done with it, and its result in tabs — the message, a preview, the attachments, the trace.
 */
export const AnalysisResultPage = () => {
  const translate = useTranslate();
  const { projectId, envId = '', analysisId = '' } = useParams();
  // `?tab=categories`: a link from a test's results opens on why the analysis decided as it did.
  const [search] = useSearchParams();
  const { state, reload, replace } = useAnalysisResult(envId, analysisId);
  const { failure } = useTraceText();
  const { canAccess: canWrite = false } = useCanAccess(
    scopedCheck('edit', `environments/${envId}/analyses`, { projectId }),
  );
  const { canAccess: canReadDeliveries = false } = useCanAccess(
    scopedCheck('list', `environments/${envId}/webhook-deliveries`, { projectId }),
  );

  if (state.status === 'pending') return <PageLoader />;
  if (state.status === 'error') {
    const key = refusalKey(state.error);
    return key ? (
      <Alert severity={key.endsWith('anonymized') ? 'warning' : 'error'}>{translate(key)}</Alert>
    ) : (
      <CallErrorAlert error={state.error} onRetry={() => void reload()} />
    );
  }

  const { analysis, result } = state.data;
  const extraction = result?.extraction ?? null;
  const noResult = translate('app.analyses.result.noResult', {
    status: translate(`resources.analyses.values.status.${analysis.status}`).toLowerCase(),
  });
  // The tabs stay the same while the analysis runs: the one the user opened does not move away.
  const extracted = (render: (found: NonNullable<typeof extraction>) => ReactNode) => () =>
    extraction ? render(extraction) : <Alert severity="info">{noResult}</Alert>;
  return (
    <Stack spacing={3}>
      <AnalysisHeader
        analysis={analysis}
        failure={failure(analysis) ?? result?.error}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <AnalysisActions envId={envId} analysis={analysis} canWrite={canWrite} onChanged={replace} />
            {canWrite && projectId && result && FINAL_STATUSES.includes(analysis.status) ? (
              <AddToBankButton
                projectId={projectId}
                analysisId={analysis.id}
                detected={result.categories.map((c) => c.name)}
              />
            ) : null}
          </Stack>
        }
      />
      <TabbedPanels
        label={translate('app.analyses.result.tabsLabel')}
        initial={search.get('tab') ?? undefined}
        panels={[
          {
            id: 'message',
            label: translate('app.analyses.result.tabs.message'),
            render: extracted((found) => <ExtractionMessage extraction={found} />),
          },
          {
            id: 'categories',
            label: translate('app.nlu.result.categories'),
            render: () =>
              result ? <AnalysisCategories result={result} /> : <Alert severity="info">{noResult}</Alert>,
          },
          ...(visionSpoke(result)
            ? [
                {
                  id: 'vision',
                  label: translate('app.modules.types.visionEngine'),
                  render: () => <AnalysisVision result={result} />,
                },
              ]
            : []),
          {
            id: 'reply',
            label: translate('app.replies.result.tab'),
            render: () => <AnalysisReply result={result} />,
          },
          {
            id: 'output',
            label: translate('app.modules.types.output'),
            render: () => (
              <AnalysisOutput
                result={result}
                deliveries={
                  canReadDeliveries ? (
                    <AnalysisDeliveries projectId={projectId ?? ''} envId={envId} analysisId={analysisId} />
                  ) : null
                }
              />
            ),
          },
          {
            id: 'preview',
            label: translate('app.analyses.result.tabs.preview'),
            render: () => <AnalysisPreview envId={envId} analysis={analysis} extraction={extraction} />,
          },
          {
            id: 'attachments',
            label: translate('app.analyses.result.tabs.attachments', {
              smart_count: extraction?.attachments.length ?? 0,
            }),
            render: extracted((found) => <ExtractionAttachments extraction={found} />),
          },
          {
            id: 'trace',
            label: translate('app.analyses.result.tabs.trace'),
            render: () => <AnalysisTrace trace={result?.trace ?? []} />,
          },
        ]}
      />
    </Stack>
  );
};
