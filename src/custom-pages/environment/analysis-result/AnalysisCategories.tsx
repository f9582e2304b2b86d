import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import {
  textOf,
  type AnalysisResult,
  type CategoryExplanation,
  type CriterionTrace,
  type TextSource,
} from '../../../../schemas/analysis-result';
import { HighlightedText } from '../../../components/HighlightedText';
import { ExtractedDataList } from './ExtractedDataList';
import { useTraceText } from './traceText';
import { interactionHighlights, parameterSummary } from './nluHighlights';

/** Indexes of the interactions a criteria tree rests on, where it held. */
const heldInteractions = (t: CriterionTrace): number[] =>
  t.held ? [...(t.interactions ?? []), ...(t.children ?? []).flatMap(heldInteractions)] : [];

const CriteriaTree = ({ trace, result }: { trace: CriterionTrace; result: AnalysisResult }) => {
  const translate = useTranslate();
  const said = useTraceText();
  return (
    <li>
      <span>{said.say(trace.message, trace.description)}</span>{' '}
      <Chip
        size="small"
        color={trace.held ? 'success' : 'default'}
        label={translate(trace.held ? 'app.nlu.result.held' : 'app.nlu.result.notHeld')}
      />
      {trace.interactions?.length ? (
        <ul>
          {trace.interactions.map((i) => {
            const found = result.nlu.interactions[i];
            return (
              <li key={i}>
                <strong>{found.name}</strong>: “{found.text}” — {parameterSummary(found)}
              </li>
            );
          })}
        </ul>
      ) : null}
      {trace.children?.length ? (
        <ul>
          {trace.children.map((c, k) => (
            <CriteriaTree key={k} trace={c} result={result} />
          ))}
        </ul>
      ) : null}
    </li>
  );
};

const Explanation = ({
  explanation,
  result,
}: {
  explanation: CategoryExplanation;
  result: AnalysisResult;
}) => {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.nlu.result.byRule', { rule: explanation.rule, priority: explanation.priority })}
      </Typography>
      <ul aria-label={translate('app.nlu.result.criteria')} style={{ margin: 0 }}>
        <CriteriaTree trace={explanation.criteria} result={result} />
      </ul>
    </Stack>
  );
};

const OUTCOME_COLOURS = { applied: 'success', notApplied: 'default', failed: 'warning' } as const;

/**
 * What the post-processing did (docs/nlu.md "Post-processing"): the analysis's taints, and each
 * rule's outcome, in the order the rules ran, with why a rule failed.
 */
const PostProcessingOutcomes = ({ result }: { result: AnalysisResult }) => {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) =>
    translate(`app.nlu.result.postProcessing.${key}`, values);
  const title = t('title');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }}>
        <Typography variant="body2">{t('taints')}</Typography>
        {result.taints?.length ? (
          result.taints.map((taint) => <Chip key={taint} size="small" variant="outlined" label={taint} />)
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('noTaint')}
          </Typography>
        )}
      </Stack>
      <ul style={{ margin: 0 }}>
        {(result.postProcessing ?? []).map((o, k) => (
          <li key={k}>
            <strong>{o.rule}</strong> —{' '}
            {t('action', {
              action: translate(`app.modules.postProcessing.actions.${o.action}`),
              target: o.target,
            })}{' '}
            <Chip size="small" color={OUTCOME_COLOURS[o.outcome]} label={t(`outcomes.${o.outcome}`)} />
            {o.error ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                {o.templateError
                  ? // Which template failed, at which line; the engine's words only as a technical detail.
                    t(`failures.${o.templateError.template}Failed`, o.templateError)
                  : o.errorCode
                    ? t(`failures.${o.errorCode}`, { category: o.target, reason: o.error })
                    : o.error}
              </Typography>
            ) : null}
          </li>
        ))}
      </ul>
    </Paper>
  );
};

/**
 * What the language stages decided (DESIGN.md §6): each category with its rule and criteria down
 * to the interactions, the words that decided marked in the message, the attachments' categories
 * and the extracted data with where they were found.
 */
export const AnalysisCategories = ({ result }: { result: AnalysisResult }) => {
  const translate = useTranslate();
  const extraction = result.extraction;
  const decisive = [
    ...new Set(
      result.categories.flatMap((c) => (c.explanation ? heldInteractions(c.explanation.criteria) : [])),
    ),
  ];
  const sources: TextSource[] = ['subject', 'message'];
  return (
    <Stack spacing={2}>
      {result.categories.length === 0 ? (
        <Alert severity="info">{translate('app.nlu.result.noCategories')}</Alert>
      ) : null}
      {result.categories.map((c) => (
        <Paper key={c.name} variant="outlined" sx={{ p: 2 }} data-testid="category">
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip color="primary" label={c.name} />
              {c.taint ? <Chip size="small" variant="outlined" label={c.taint} /> : null}
              {!c.explanation ? (
                <Typography color="text.secondary">{translate('app.nlu.result.byDefault')}</Typography>
              ) : null}
            </Stack>
            {c.explanation ? <Explanation explanation={c.explanation} result={result} /> : null}
          </Stack>
        </Paper>
      ))}
      {result.postProcessing ? <PostProcessingOutcomes result={result} /> : null}
      {extraction && decisive.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3">
            {translate('app.nlu.result.highlighted')}
          </Typography>
          {sources.map((source) => {
            const interactions = decisive
              .map((i) => result.nlu.interactions[i])
              .filter((i) => i.source === source);
            if (interactions.length === 0) return null;
            return (
              <Stack key={String(source)} spacing={0.5} sx={{ mt: 1 }}>
                <Typography variant="overline">{translate(`app.nlu.result.${source}`)}</Typography>
                <HighlightedText
                  text={textOf(extraction, source)}
                  highlights={interactionHighlights(interactions)}
                />
              </Stack>
            );
          })}
        </Paper>
      ) : null}
      {result.attachmentsCategories.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3">
            {translate('app.nlu.result.attachmentsCategories')}
          </Typography>
          <ul>
            {result.attachmentsCategories.map((c, k) => (
              <li key={k}>
                {c.filename}
                {c.page ? ` (${translate('app.nlu.result.page', { page: c.page })})` : ''}:{' '}
                <strong>{c.name}</strong>
                {c.rule
                  ? ` — ${translate('app.nlu.result.byRule', { rule: c.rule, priority: c.explanation?.priority ?? '' })}`
                  : ''}
              </li>
            ))}
          </ul>
        </Paper>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3">
          {translate('app.nlu.result.extractedData')}
        </Typography>
        <ExtractedDataList data={result.extractedData} />
      </Paper>
    </Stack>
  );
};
