import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { testExtraction } from '../../../../schemas/contracts/nlu';
import type { ExtractedDatum } from '../../../../schemas/analysis-result';
import { HighlightedText } from '../../../components/HighlightedText';
import { useApiClient } from '../../../providers/ServicesContext';
import { useTestRun } from '../../../providers/useTestRun';
import { ExtractedDataList } from '../analysis-result/ExtractedDataList';
import { useTraceText } from '../analysis-result/traceText';
import type { TraceMessage } from '../../../../schemas/trace-messages';

/** A text read with the environment's NLU servers and extraction fields: the data, where found. */
export const ExtractionTest = ({ envId }: { envId: string }) => {
  const translate = useTranslate();
  const client = useApiClient();
  const [text, setText] = useState('');
  const {
    answer,
    error,
    busy,
    run: start,
  } = useTestRun<{
    text: string;
    data: ExtractedDatum[];
    warnings: string[];
    warningMessages?: (TraceMessage | null)[];
  }>();
  const said = useTraceText();
  const run = () =>
    start(async () => {
      const result = await client.call(testExtraction, { params: { envId }, body: { text } });
      return {
        text,
        data: result.extractedData,
        warnings: result.warnings,
        warningMessages: result.warningMessages,
      };
    });
  return (
    <Stack spacing={2}>
      <TextField
        label={translate('app.nlu.test.text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={4}
      />
      <div>
        <Button variant="contained" onClick={() => void run()} disabled={busy || !text.trim()}>
          {translate('app.nlu.test.run')}
        </Button>
      </div>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {said.lines(answer?.warnings ?? [], answer?.warningMessages).map((w) => (
        <Alert key={w} severity="warning">
          {w}
        </Alert>
      ))}
      {answer ? (
        <>
          <HighlightedText
            text={answer.text}
            highlights={answer.data.flatMap((d) =>
              d.span?.source === 'message'
                ? [{ start: d.span.start, end: d.span.end, label: d.name, kind: 'interaction' as const }]
                : [],
            )}
          />
          <ExtractedDataList data={answer.data} />
        </>
      ) : null}
    </Stack>
  );
};
