import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AnalysisResult } from '../../../../schemas/analysis-result';
import { Draft } from '../reply-templates/Draft';
import { useTraceText } from './traceText';

/** The reply drafted from the default template (and the LLM prompt), or why there is none. */
export const AnalysisReply = ({ result }: { result: AnalysisResult | null }) => {
  const translate = useTranslate();
  const said = useTraceText();
  const reply = result?.reply;
  if (!reply) {
    const step = result?.trace.find((t) => t.step === 'replyTemplate');
    return (
      <Alert severity={step?.status === 'error' ? 'error' : 'info'}>
        {translate('app.replies.result.none')} {step ? (said.errors(step)[0] ?? said.summary(step)) : null}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.replies.result.template', { name: reply.template })}
      </Typography>
      {reply.prompt !== undefined ? (
        <Draft title={translate('app.replies.test.prompt')} text={reply.prompt} />
      ) : null}
      <Draft title={translate('app.replies.test.reply')} text={reply.text} />
    </Stack>
  );
};
