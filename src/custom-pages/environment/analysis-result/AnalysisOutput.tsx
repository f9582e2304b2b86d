import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { AnalysisResult } from '../../../../schemas/analysis-result';
import { useTraceText } from './traceText';

/** Base64 data longer than this is shortened on screen; the downloaded result keeps it whole. */
const SHOWN_DATA = 200;

const shortened = (key: string, value: unknown) =>
  key === 'data' && typeof value === 'string' && value.length > SHOWN_DATA
    ? `${value.slice(0, SHOWN_DATA)}… (${value.length} characters)`
    : value;

/**
 * The payload the output module built (schemas/output.ts), as an integration receives it, with the
 * output step's warnings; or why there is none.
 */
export const AnalysisOutput = ({
  result,
  deliveries,
}: {
  result: AnalysisResult | null;
  /** The deliveries of the analysis, for those who may read them. */
  deliveries?: ReactNode;
}) => {
  const translate = useTranslate();
  const said = useTraceText();
  const step = result?.trace.find((t) => t.step === 'outputDelivery');
  if (!result?.output)
    return (
      <Stack spacing={2}>
        <Alert severity={step?.status === 'error' ? 'error' : 'info'}>
          {translate('app.modules.output.none')} {step ? (said.errors(step)[0] ?? said.summary(step)) : null}
        </Alert>
        {deliveries}
      </Stack>
    );
  const title = translate('app.modules.output.payload');
  return (
    <Stack spacing={2}>
      {deliveries}
      {step?.summary ? (
        <Typography variant="body2" color="text.secondary">
          {said.summary(step)}
        </Typography>
      ) : null}
      {(step ? said.warnings(step) : []).map((warning) => (
        <Alert key={warning} severity="warning">
          {warning}
        </Alert>
      ))}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
        <Typography variant="subtitle2" gutterBottom>
          {title}
        </Typography>
        <Typography
          component="pre"
          sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13, m: 0 }}
        >
          {JSON.stringify(result.output, shortened, 2)}
        </Typography>
      </Paper>
    </Stack>
  );
};
