import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { NluTestAnswer } from '../../../../schemas/contracts/nlu';
import { HighlightedText } from '../../../components/HighlightedText';
import { interactionHighlights, parameterSummary } from '../analysis-result/nluHighlights';
import { useTraceText } from '../analysis-result/traceText';

/** What each server found: the text with its matches marked, the archetypes and the interactions. */
export const NluTestResult = ({ text, result }: { text: string; result: NluTestAnswer }) => {
  const translate = useTranslate();
  const said = useTraceText();
  return (
    <Stack spacing={2}>
      {result.language ? (
        <Typography>{translate('app.nlu.test.language', { language: result.language })}</Typography>
      ) : null}
      {result.servers.map((server) => (
        <Paper key={server.name} variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2">
              {server.name}
            </Typography>
            {server.startedNow ? (
              <Alert severity="info">{translate('app.nlu.test.startingUp', { name: server.name })}</Alert>
            ) : null}
            {said.lines(server.warnings, server.warningMessages).map((w) => (
              <Alert key={w} severity="warning">
                {w}
              </Alert>
            ))}
            <HighlightedText
              text={text}
              highlights={[
                ...server.archetypes.map((a) => ({
                  start: a.start,
                  end: a.end,
                  label: a.archetype,
                  kind: 'archetype' as const,
                })),
                ...interactionHighlights(server.interactions),
              ]}
            />
            <Typography variant="subtitle2" component="h3">
              {translate('app.nlu.test.interactions')}
            </Typography>
            {server.interactions.length === 0 ? (
              <Typography color="text.secondary">{translate('app.nlu.test.none')}</Typography>
            ) : (
              <ul aria-label={translate('app.nlu.test.interactions')}>
                {server.interactions.map((i, k) => (
                  <li key={k}>
                    <strong>{i.name}</strong> — {parameterSummary(i)}
                  </li>
                ))}
              </ul>
            )}
            <Typography variant="subtitle2" component="h3">
              {translate('app.nlu.test.archetypes')}
            </Typography>
            <Stack
              direction="row"
              sx={{ flexWrap: 'wrap', gap: 1 }}
              aria-label={translate('app.nlu.test.archetypes')}
            >
              {server.archetypes.length === 0 ? (
                <Typography color="text.secondary">{translate('app.nlu.test.none')}</Typography>
              ) : null}
              {server.archetypes.map((a, k) => (
                <Chip
                  key={k}
                  size="small"
                  variant={a.approximate ? 'outlined' : 'filled'}
                  label={`${a.archetype}: ${a.text}`}
                  title={a.approximate ? `${a.via} (${translate('app.nlu.test.approximate')})` : a.via}
                />
              ))}
            </Stack>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
};
