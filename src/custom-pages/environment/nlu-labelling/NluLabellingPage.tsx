import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { textOf, type AnalysisResult, type TextSource } from '../../../../schemas/analysis-result';
import { getAnalysisResult } from '../../../../schemas/contracts/analyses';
import {
  labelAnalysis,
  listNluLabelling,
  type LabellingAnswer,
  type NluVerdict,
} from '../../../../schemas/contracts/nlu-labelling';
import { errorMessage } from '../../../api/errors';
import { HighlightedText } from '../../../components/HighlightedText';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { environmentPath } from '../../../routing/scopePaths';
import { interactionHighlights, parameterSummary } from '../analysis-result/nluHighlights';

/** The sources of a result that have labels or interactions, in the order the NLU read them. */
const sourcesOf = (result: AnalysisResult): TextSource[] => {
  const seen = new Set<TextSource>();
  for (const l of result.nlu.labels ?? []) seen.add(l.source);
  for (const i of result.nlu.interactions) seen.add(i.source);
  return [...seen];
};

/** A key typed in a field is the field's, not the view's. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * One message at a time, newest first: its text with every label a labelling server found, its
 * interactions, each right unless the qualifier says wrong. Keys: → or J next, ← or K previous,
 * 1–9 switch an interaction's verdict, Q or Enter qualify (save and go to the next).
 */
export const NluLabellingPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const { projectId = '', envId = '' } = useParams();
  const [list, setList] = useState<LabellingAnswer>();
  const [failure, setFailure] = useState<unknown>();
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState<{ id: string; result: AnalysisResult | null }>();
  const [verdicts, setVerdicts] = useState<NluVerdict[]>([]);
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const current = list?.items[index];

  const loadList = useCallback(async () => {
    try {
      setList(await client.call(listNluLabelling, { params: { envId } }));
    } catch (error) {
      setFailure(error);
    }
  }, [client, envId]);
  useEffect(() => void loadList(), [loadList]);

  const currentId = current?.id;
  const savedVerdicts = useRef(current?.verdicts);
  savedVerdicts.current = current?.verdicts;
  useEffect(() => {
    if (!currentId) return;
    let live = true;
    client
      .call(getAnalysisResult, { params: { envId, id: currentId } })
      .then(({ result }) => {
        if (!live) return;
        setShown({ id: currentId, result });
        setVerdicts(savedVerdicts.current ?? (result?.nlu.interactions ?? []).map(() => 'right'));
      })
      .catch((error: unknown) => live && notify(errorMessage(error), { type: 'error' }));
    return () => {
      live = false;
    };
  }, [client, envId, currentId, notify]);

  const count = list?.items.length ?? 0;
  const ready = shown !== undefined && shown.id === currentId;
  const go = useCallback(
    (step: number) => setIndex((k) => Math.min(Math.max(k + step, 0), Math.max(count - 1, 0))),
    [count],
  );
  const toggle = useCallback(
    (k: number) => setVerdicts((v) => v.map((x, j) => (j === k ? (x === 'right' ? 'wrong' : 'right') : x))),
    [],
  );
  const qualify = useCallback(async () => {
    // A ref, not the state: a second Q before the first save re-rendered would save twice and skip.
    if (!currentId || !ready || inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      await client.call(labelAnalysis, { params: { envId, id: currentId }, body: { verdicts } });
      notify('app.nlu.labelling.saved', { type: 'success' });
      await loadList();
      go(1);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }, [client, envId, currentId, ready, verdicts, notify, loadList, go]);

  // The keys act on what the page shows now: a key typed right after a change (a verdict
  // switched, a message loaded) must not meet the listener of the render before it.
  const keys = useRef({ go, toggle, qualify, interactions: verdicts.length });
  keys.current = { go, toggle, qualify, interactions: verdicts.length };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      const now = keys.current;
      const key = event.key.toLowerCase();
      if (key === 'arrowright' || key === 'j') now.go(1);
      else if (key === 'arrowleft' || key === 'k') now.go(-1);
      else if (/^[1-9]$/.test(key) && Number(key) <= now.interactions) now.toggle(Number(key) - 1);
      else if (key === 'q' || (key === 'enter' && !(event.target instanceof HTMLButtonElement)))
        void now.qualify();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (failure) return <Alert severity="error">{errorMessage(failure)}</Alert>;
  if (!list) return <PageLoader />;
  const { totals } = list;
  const judged = totals.right + totals.wrong;
  return (
    <ResourcePageFrame titleKey="app.routes.nluLabelling">
      <Stack spacing={2}>
        <Typography color="text.secondary">{translate('app.nlu.labelling.intro')}</Typography>
        <Stack direction="row" spacing={3} aria-label={translate('app.nlu.labelling.progress')}>
          <Typography>
            {translate('app.nlu.labelling.labelled', {
              labelled: totals.labelled,
              analyses: totals.analyses,
            })}
          </Typography>
          <Typography>
            {judged === 0
              ? translate('app.nlu.labelling.noPrecision')
              : translate('app.nlu.labelling.precision', {
                  precision: Math.round((1000 * totals.right) / judged) / 10,
                  right: totals.right,
                  judged,
                })}
          </Typography>
        </Stack>
        {count === 0 || !current ? (
          <Alert severity="info">
            {translate('app.nlu.labelling.empty')}{' '}
            <RouterLink to={`${environmentPath(projectId, envId)}/configuration?section=servers`}>
              {translate('app.nlu.labelling.toServers')}
            </RouterLink>
          </Alert>
        ) : (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h6" component="h2">
                  {current.name || current.id}
                </Typography>
                <Chip
                  size="small"
                  color={current.labelling === 'labelled' ? 'success' : 'default'}
                  label={translate(`app.nlu.labelling.state.${current.labelling}`)}
                />
                <Typography color="text.secondary" aria-live="polite">
                  {translate('app.nlu.labelling.position', { position: index + 1, count })}
                </Typography>
              </Stack>
              {!ready ? (
                <PageLoader />
              ) : !shown.result?.extraction ? (
                <Alert severity="warning">{translate('app.nlu.labelling.noResult')}</Alert>
              ) : (
                <>
                  {sourcesOf(shown.result).map((source) => (
                    <HighlightedText
                      key={String(source)}
                      text={textOf(shown.result!.extraction!, source)}
                      highlights={[
                        ...(shown.result!.nlu.labels ?? [])
                          .filter((l) => l.source === source)
                          .map((l) => ({
                            start: l.start,
                            end: l.end,
                            label: l.archetype,
                            kind: 'archetype' as const,
                          })),
                        ...interactionHighlights(
                          shown.result!.nlu.interactions.filter((i) => i.source === source),
                        ),
                      ]}
                    />
                  ))}
                  <Typography variant="subtitle2" component="h3">
                    {translate('app.nlu.labelling.interactions')}
                  </Typography>
                  {shown.result.nlu.interactions.length === 0 ? (
                    <Typography color="text.secondary">
                      {translate('app.nlu.labelling.noInteraction')}
                    </Typography>
                  ) : (
                    <Stack
                      component="ol"
                      spacing={1}
                      sx={{ pl: 3, m: 0 }}
                      aria-label={translate('app.nlu.labelling.interactions')}
                    >
                      {shown.result.nlu.interactions.map((interaction, k) => (
                        <Stack
                          component="li"
                          key={k}
                          direction="row"
                          spacing={2}
                          sx={{ alignItems: 'center' }}
                        >
                          <ToggleButtonGroup
                            size="small"
                            exclusive
                            value={verdicts[k]}
                            onChange={(_e, v: NluVerdict | null) =>
                              v && setVerdicts((all) => all.map((x, j) => (j === k ? v : x)))
                            }
                            aria-label={translate('app.nlu.labelling.verdictOf', { name: interaction.name })}
                          >
                            <ToggleButton value="right" color="success">
                              {translate('app.nlu.labelling.right')}
                            </ToggleButton>
                            <ToggleButton value="wrong" color="error">
                              {translate('app.nlu.labelling.wrong')}
                            </ToggleButton>
                          </ToggleButtonGroup>
                          <span>
                            <strong>{interaction.name}</strong> — {parameterSummary(interaction)}
                          </span>
                        </Stack>
                      ))}
                    </Stack>
                  )}
                </>
              )}
              <Stack direction="row" spacing={1}>
                <Button onClick={() => go(-1)} disabled={index === 0}>
                  {translate('app.nlu.labelling.previous')}
                </Button>
                <Button variant="contained" onClick={() => void qualify()} disabled={!ready || saving}>
                  {translate('app.nlu.labelling.qualify')}
                </Button>
                <Button onClick={() => go(1)} disabled={index >= count - 1}>
                  {translate('app.nlu.labelling.next')}
                </Button>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {translate('app.nlu.labelling.keys')}
              </Typography>
            </Stack>
          </Paper>
        )}
      </Stack>
    </ResourcePageFrame>
  );
};
