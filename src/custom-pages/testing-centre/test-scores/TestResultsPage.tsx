import Download from '@mui/icons-material/Download';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  getTest,
  getTestScores,
  type TestRecord,
  type TestScoresAnswer,
} from '../../../../schemas/contracts/testing';
import { CATEGORY_KINDS } from '../../../../schemas/bank-message.schema';
import { TEST_STALL_MINUTES } from '../../../../schemas/test-run.schema';
import { saveFile } from '../../../components/download';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { analysisDecisionPath } from '../../../routing/scopePaths';
import { testingErrorMessage } from '../messages-bank/testingErrors';
import { TestProgress } from '../tests/TestProgress';
import { TestStatusChip } from '../tests/TestStatusChip';
import { confusionMatrix, type ConfusionMessage } from './confusion';
import { ConfusionMatrix } from './ConfusionMatrix';
import { CompareWith } from './CompareWith';
import { KeepClassifications, useRulePriorities } from './CustomisedResult';
import { keptScores } from './keptScores';
import { DomainRulesApplied, LeftOutClassifications } from './DomainRules';
import { ScoresTable } from './ScoresTable';
import { SCORE_COLUMNS, scoresCsv, type ScoresHeaders } from './scoresCsv';
import { labelText, scoresSheets, scoresXlsx } from './scoresXlsx';

/** A running test is read again this often. */
const POLL_MS = 2000;

/** The test and, once it ended, its scores; read again while it runs. */
const useTestResults = (projectId: string, testId: string) => {
  const client = useApiClient();
  const [test, setTest] = useState<TestRecord>();
  const [scores, setScores] = useState<TestScoresAnswer | null>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const current = await client.call(getTest, { params: { projectId, id: testId } });
        if (!live) return;
        setTest(current);
        if (current.status === 'running') timer = setTimeout(() => void read(), POLL_MS);
        else {
          const answer = await client.call(getTestScores, { params: { projectId, id: testId } });
          if (live) setScores(answer.scores);
        }
      } catch (failure) {
        if (live) setError(failure);
      }
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, projectId, testId]);
  return { test, scores, error };
};

/**
 * A test's results (spec pipeline §2–3): its progress while it runs; then, per classification kind,
 * TP / FP / FN, precision and sensitivity with micro and macro totals, the messages behind each
 * false (opening the analysis that explains the decision), a confusion matrix for single-label
 * category kinds, and the scores as CSV or XLSX.
 */
export const TestResultsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { projectId = '', testId = '' } = useParams();
  const { test, scores: allScores, error } = useTestResults(projectId, testId);
  // The customised result: the scores limited to the classifications kept (all when none is).
  const [keep, setKeep] = useState<string[]>([]);
  const scores = useMemo(() => allScores && keptScores(allScores, new Set(keep)), [allScores, keep]);
  const priorities = useRulePriorities(test?.environmentId);

  if (error) return <Alert severity="error">{testingErrorMessage(error, translate)}</Alert>;
  if (!test) return <PageLoader />;

  const kindLabel = (kind: string) => translate(`resources.messages.fields.expected.${kind}`);
  const scored = scores?.kinds.some((k) => k.qualifiedMessages > 0) ?? false;
  // The exports' words, in the user's language: both files carry the table's headers and names.
  const headers = Object.fromEntries(
    SCORE_COLUMNS.map((c) => [c, translate(`app.testing.results.columns.${c}`)]),
  ) as ScoresHeaders;
  const labels = {
    kind: kindLabel,
    micro: translate('app.testing.results.micro'),
    macro: translate('app.testing.results.macro'),
    ignored: translate('app.testing.classifications.ignoredMark'),
  };
  const exportCsv = () => {
    if (!scores) return;
    const csv = scoresCsv(scores, headers, labels);
    saveFile(
      { blob: new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename: `test-${test.tag}.csv` },
      'test.csv',
    );
  };
  const exportXlsx = async () => {
    if (!scores) return;
    const sheets = scoresSheets(scores, headers, labels, {
      sheet: translate('app.testing.results.falses'),
      message: translate('app.testing.results.message'),
      kind: headers.kind,
      fp: headers.fp,
      fn: headers.fn,
      analysisId: translate('app.testing.results.analysisId'),
    });
    try {
      saveFile({ blob: await scoresXlsx(sheets), filename: `test-${test.tag}.xlsx` }, 'test.xlsx');
    } catch {
      notify('app.testing.results.exportFailed', { type: 'error' });
    }
  };

  /** A false's message, opening its analysis on the Categories tab (which says why it decided). */
  const messageLink = (message: ConfusionMessage) =>
    message.analysisId && test.environmentId ? (
      <Link
        component={RouterLink}
        to={analysisDecisionPath(projectId, test.environmentId, message.analysisId)}
        title={translate('app.testing.results.openAnalysis')}
      >
        {message.messageName}
      </Link>
    ) : (
      message.messageName
    );

  /** A category kind's confusion matrix, folded; a line saying why when the kind is multi-label. */
  const confusionOf = (kind: TestScoresAnswer['kinds'][number]) => {
    if (!scores || !(CATEGORY_KINDS as readonly string[]).includes(kind.kind)) return null;
    const matrix = confusionMatrix(kind, scores.falses);
    if (!matrix)
      return (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate('app.testing.results.confusion.singleLabelOnly')}
        </Typography>
      );
    return (
      <Accordion
        disableGutters
        variant="outlined"
        sx={{ mt: 2 }}
        slotProps={{ transition: { unmountOnExit: true } }}
      >
        <AccordionSummary expandIcon={<ExpandMore />}>
          {translate('app.testing.results.confusion.title')}
        </AccordionSummary>
        <AccordionDetails>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('app.testing.results.confusion.help')}
          </Typography>
          <ConfusionMatrix matrix={matrix} renderMessage={messageLink} />
        </AccordionDetails>
      </Accordion>
    );
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {translate('app.testing.results.title', { tag: test.tag })}
        </Typography>
        <TestStatusChip status={test.status} />
        <Chip size="small" variant="outlined" label={test.environmentName} />
        <TestProgress done={test.done} total={test.total} />
        {scores ? (
          <>
            <Button variant="outlined" startIcon={<Download />} onClick={exportCsv}>
              {translate('app.testing.results.exportCsv')}
            </Button>
            <Button variant="outlined" startIcon={<Download />} onClick={() => void exportXlsx()}>
              {translate('app.testing.results.exportXlsx')}
            </Button>
            <CompareWith projectId={projectId} test={test} />
          </>
        ) : null}
      </Stack>
      {test.error ? (
        <Alert severity="error">
          {test.errorCode
            ? translate(`app.testing.errors.${test.errorCode}`, {
                minutes: TEST_STALL_MINUTES,
                _: test.error,
              })
            : test.error}
        </Alert>
      ) : null}
      {test.status === 'running' ? (
        <Alert severity="info">{translate('app.testing.results.running')}</Alert>
      ) : null}
      {scores && !scored ? (
        <Alert severity="warning">{translate('app.testing.results.noScores')}</Alert>
      ) : null}
      {scores && scores.messages.error > 0 ? (
        <Alert severity="warning">
          {translate('app.testing.results.analysisErrors', { smart_count: scores.messages.error })}
        </Alert>
      ) : null}
      {allScores && scored ? <KeepClassifications scores={allScores} keep={keep} onChange={setKeep} /> : null}
      {scores && scores.domainRules.length > 0 ? <DomainRulesApplied rules={scores.domainRules} /> : null}
      {scores?.kinds
        .filter((k) => k.qualifiedMessages > 0)
        .map((k) => (
          <Paper key={k.kind} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" id={`kind-${k.kind}`} gutterBottom>
              {kindLabel(k.kind)}
            </Typography>
            <ScoresTable
              scores={k}
              captionId={`kind-${k.kind}`}
              priorities={(CATEGORY_KINDS as readonly string[]).includes(k.kind) ? priorities : undefined}
            />
            <LeftOutClassifications
              list={k.noDomainRule}
              name="NO_DOMAIN_RULE"
              titleKey="app.testing.domainRules.noDomainRule"
            />
            <LeftOutClassifications
              list={k.ignored}
              name={translate('app.testing.classifications.ignoredMark')}
              titleKey="app.testing.classifications.ignored"
            />
            {confusionOf(k)}
          </Paper>
        ))}
      {scores && scores.falses.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" id="falses" gutterBottom>
            {translate('app.testing.results.falses')}
          </Typography>
          <Table size="small" aria-labelledby="falses">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.testing.results.message')}</TableCell>
                <TableCell>{translate('app.testing.results.columns.kind')}</TableCell>
                <TableCell>{translate('app.testing.results.columns.fp')}</TableCell>
                <TableCell>{translate('app.testing.results.columns.fn')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {scores.falses.map((f) => (
                <TableRow key={`${f.messageId}-${f.kind}`}>
                  <TableCell>{messageLink(f)}</TableCell>
                  <TableCell>{kindLabel(f.kind)}</TableCell>
                  <TableCell>{f.fp.map(labelText).join(', ')}</TableCell>
                  <TableCell>{f.fn.map(labelText).join(', ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
    </Stack>
  );
};
