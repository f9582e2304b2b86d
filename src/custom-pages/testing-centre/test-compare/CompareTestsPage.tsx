import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  compareTests,
  getTest,
  type ChangeCause,
  type TestComparison,
  type TestRecord,
} from '../../../../schemas/contracts/testing';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { analysisDecisionPath, testResultsPath } from '../../../routing/scopePaths';
import { testingErrorMessage } from '../messages-bank/testingErrors';
import { useRunName } from '../test-scores/CompareWith';
import { ChangedMessagesTable, GainedLost, ScoreDeltaTable } from '../test-scores/ScoreChanges';

/** The two runs and their comparison, read once: both have ended. */
const useComparison = (projectId: string, testId: string, otherId: string) => {
  const client = useApiClient();
  const [answer, setAnswer] = useState<{
    after: TestRecord;
    before: TestRecord;
    comparison: TestComparison;
  }>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    let live = true;
    Promise.all([
      client.call(getTest, { params: { projectId, id: testId } }),
      client.call(getTest, { params: { projectId, id: otherId } }),
      client.call(compareTests, { params: { projectId, id: testId, other: otherId } }),
    ])
      .then(([after, before, comparison]) => live && setAnswer({ after, before, comparison }))
      .catch((failure: unknown) => live && setError(failure));
    return () => {
      live = false;
    };
  }, [client, projectId, testId, otherId]);
  return { answer, error };
};

/** A cause in words: "Rule “termination” of “Contract termination” no longer decides". */
const useCauseText = () => {
  const translate = useTranslate();
  return (cause: ChangeCause) =>
    cause.type === 'rule'
      ? translate(
          `app.testing.compare.causes.${cause.name === null ? 'default' : 'rule'}.${cause.direction}`,
          { rule: cause.name ?? '', category: cause.category ?? '' },
        )
      : cause.type === 'interaction'
        ? translate(`app.testing.compare.causes.interaction.${cause.direction}`, { name: cause.name ?? '' })
        : translate(`app.testing.compare.causes.${cause.type}`);
};

/**
 * Two runs of the testing centre compared message by message (beyond the spec,
 * docs/decisions/testing-compare-runs.md): scores side by side, the messages whose outcome changed,
 * grouped by the rule that decided in one run only or the interaction found in one only; each
 * message opens its analysis in either run.
 */
export const CompareTestsPage = () => {
  const translate = useTranslate();
  const runName = useRunName();
  const causeText = useCauseText();
  const { projectId = '', testId = '', otherId = '' } = useParams();
  const { answer, error } = useComparison(projectId, testId, otherId);
  if (error) return <Alert severity="error">{testingErrorMessage(error, translate)}</Alert>;
  if (!answer) return <PageLoader />;
  const { before, after, comparison } = answer;
  const kindLabel = (kind: string) => translate(`resources.messages.fields.expected.${kind}`);
  const analysisLink = (run: TestRecord, analysisId: string | null, label: string) =>
    analysisId && run.environmentId ? (
      <Link component={RouterLink} to={analysisDecisionPath(projectId, run.environmentId, analysisId)}>
        {label}
      </Link>
    ) : null;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <Typography variant="h5" component="h1">
        {translate('app.testing.compare.title')}
      </Typography>
      <Typography>
        <Link component={RouterLink} to={testResultsPath(projectId, before.id)}>
          {runName(before)}
        </Link>
        {' → '}
        <Link component={RouterLink} to={testResultsPath(projectId, after.id)}>
          {runName(after)}
        </Link>
      </Typography>
      <Typography color="text.secondary">
        {translate('app.testing.compare.messages', {
          smart_count: comparison.messages.compared,
          onlyBefore: comparison.messages.onlyBefore,
          onlyAfter: comparison.messages.onlyAfter,
        })}
      </Typography>
      <GainedLost gained={comparison.gained} lost={comparison.lost} />
      {comparison.kinds.map((k) => (
        <Paper key={k.kind} variant="outlined" sx={{ p: 2 }}>
          <ScoreDeltaTable delta={k} kindLabel={kindLabel(k.kind)} />
        </Paper>
      ))}
      {comparison.changes.length === 0 ? (
        <Alert severity="info">{translate('app.testing.compare.unchanged')}</Alert>
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" id="causes" gutterBottom>
              {translate('app.testing.compare.causesTitle')}
            </Typography>
            <List dense aria-labelledby="causes">
              {comparison.causes.map((cause) => (
                <ListItem
                  key={JSON.stringify([cause.type, cause.category, cause.name, cause.direction])}
                  disableGutters
                >
                  <ListItemText
                    primary={`${causeText(cause)} — ${translate('app.testing.compare.causeMessages', {
                      smart_count: cause.count,
                    })}`}
                    secondary={cause.messages.map((m) => m.name).join(', ')}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('app.testing.compare.changesTitle')}
            </Typography>
            <ChangedMessagesTable
              caption={translate('app.testing.compare.changesTitle')}
              changes={comparison.changes}
              kindLabel={kindLabel}
              link={(c) => (
                <Stack>
                  <span>{c.messageName}</span>
                  <Stack direction="row" spacing={1}>
                    {analysisLink(before, c.analysisBefore, translate('app.testing.changes.before'))}
                    {analysisLink(after, c.analysisAfter, translate('app.testing.changes.after'))}
                  </Stack>
                </Stack>
              )}
            />
          </Paper>
        </>
      )}
    </Stack>
  );
};
