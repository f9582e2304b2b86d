import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { HttpError } from '../../../api';
import {
  previewImpact,
  type ImpactPreview,
  type ImpactResource,
} from '../../../../schemas/contracts/testing';
import { useApiClient } from '../../../providers/ServicesContext';
import { analysisDecisionPath, testingCentrePath, testResultsPath } from '../../../routing/scopePaths';
import { testingErrorMessage } from '../../testing-centre/messages-bank/testingErrors';
import {
  ChangedMessagesTable,
  GainedLost,
  ScoreDeltaTable,
} from '../../testing-centre/test-scores/ScoreChanges';

/** The form is asked about this long after the user stopped typing. */
const DEBOUNCE_MS = 600;
/** Changed messages listed under the form; the last run's page has them all. */
const SHOWN = 10;

type State =
  | { kind: 'idle' }
  | { kind: 'loading'; previous?: ImpactPreview }
  | { kind: 'ready'; preview: ImpactPreview }
  | { kind: 'incomplete' }
  | { kind: 'error'; message: string };

/**
 * Under a category's, an archetype's or an interaction's form (beyond the spec,
 * docs/decisions/testing-impact-preview.md): what the unsaved edit would do to the scores of the
 * environment's last test, asked of the server as the user edits — messages gained and lost,
 * precision and sensitivity before and after per classification, the messages that would change.
 */
export const ImpactPreviewPanel = ({
  projectId,
  envId,
  resource,
  id,
  formData,
}: {
  projectId: string;
  envId: string;
  resource: ImpactResource;
  id: string | null;
  formData: Record<string, unknown>;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  const client = useApiClient();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const body = JSON.stringify(formData);

  useEffect(() => {
    let live = true;
    setState((s) => ({ kind: 'loading', previous: s.kind === 'ready' ? s.preview : undefined }));
    const timer = setTimeout(() => {
      client
        .call(previewImpact, {
          params: { envId },
          body: { resource, id, data: JSON.parse(body) as Record<string, unknown> },
        })
        .then((preview) => live && setState({ kind: 'ready', preview }))
        .catch((error: unknown) => {
          if (!live) return;
          // An unfinished form (a rule without a name…) is not an error to report here.
          const incomplete =
            error instanceof HttpError &&
            (error.body as { code?: string } | null)?.code === 'VALIDATION_FAILED';
          setState(
            incomplete
              ? { kind: 'incomplete' }
              : { kind: 'error', message: testingErrorMessage(error, translate) },
          );
        });
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, envId, resource, id, body, translate]);

  const preview =
    state.kind === 'ready' ? state.preview : state.kind === 'loading' ? state.previous : undefined;
  const kindLabel = (kind: string) => translate(`resources.messages.fields.expected.${kind}`);
  const runLink = preview?.test ? testResultsPath(projectId, preview.test.id) : null;

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} aria-labelledby="impact-preview-title" component="section">
      <Typography variant="h6" component="h3" id="impact-preview-title" gutterBottom>
        {translate('app.testing.impact.title')}
      </Typography>
      {state.kind === 'loading' ? (
        <LinearProgress sx={{ mb: 1 }} aria-label={translate('app.testing.impact.computing')} />
      ) : null}
      {state.kind === 'incomplete' ? (
        <Typography color="text.secondary">{translate('app.testing.impact.incomplete')}</Typography>
      ) : null}
      {state.kind === 'error' ? <Alert severity="info">{state.message}</Alert> : null}
      {preview && !preview.test ? (
        <Typography color="text.secondary">
          {translate('app.testing.impact.noRun')}{' '}
          <Link component={RouterLink} to={`${testingCentrePath(projectId)}/messages-bank/tests`}>
            {translate('app.testing.impact.openTests')}
          </Link>
        </Typography>
      ) : null}
      {preview?.test && runLink ? (
        <Stack spacing={2}>
          <Typography color="text.secondary">
            {translate(resource === 'category' ? 'app.testing.impact.basis' : 'app.testing.impact.basisNlu', {
              tag: preview.test.tag,
              date: new Date(preview.test.finishedAt).toLocaleString(locale),
              smart_count: preview.messages.compared,
            })}{' '}
            <Link component={RouterLink} to={runLink}>
              {translate('app.testing.impact.openRun')}
            </Link>
          </Typography>
          {preview.stale ? <Alert severity="warning">{translate('app.testing.impact.stale')}</Alert> : null}
          <GainedLost gained={preview.gained} lost={preview.lost} />
          {preview.changes.length === 0 ? (
            <Typography>{translate('app.testing.impact.unchanged')}</Typography>
          ) : (
            <>
              {preview.kinds
                .filter((k) =>
                  k.classifications.some(
                    (c) =>
                      c.before.tp !== c.after.tp || c.before.fp !== c.after.fp || c.before.fn !== c.after.fn,
                  ),
                )
                .map((k) => (
                  <ScoreDeltaTable key={k.kind} delta={k} kindLabel={kindLabel(k.kind)} />
                ))}
              <ChangedMessagesTable
                caption={translate('app.testing.impact.changes')}
                changes={preview.changes.slice(0, SHOWN)}
                kindLabel={kindLabel}
                link={(c) =>
                  c.analysisBefore ? (
                    <Link
                      component={RouterLink}
                      to={analysisDecisionPath(projectId, envId, c.analysisBefore)}
                    >
                      {c.messageName}
                    </Link>
                  ) : (
                    c.messageName
                  )
                }
              />
              {preview.changes.length > SHOWN ? (
                <Typography variant="body2" color="text.secondary">
                  {translate('app.testing.impact.more', { smart_count: preview.changes.length - SHOWN })}
                </Typography>
              ) : null}
            </>
          )}
        </Stack>
      ) : null}
    </Paper>
  );
};
