import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import type { ExtractorTestAnswer } from '../../../../schemas/contracts/analyses';
import { ExtractionAttachments } from '../analyses/components/ExtractionAttachments';
import { ExtractionMessage } from '../analyses/components/ExtractionMessage';
import { formatDuration } from '../analyses/components/format';
import { MessageLines } from '../analyses/components/MessageLines';
import { TabbedPanels } from '../analyses/components/TabbedPanels';
import { useTraceText } from '../analysis-result/traceText';

/**
 * What the extractor read from the test file, with the components of the result page: the message
 * (or the pages), the attachments, the blocks; its warnings, the time it took, and the whole JSON
 * to copy (spec §8: a 'copy failure' when the clipboard refuses).
 */
export const ExtractorTestReport = ({ answer }: { answer: ExtractorTestAnswer }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const said = useTraceText();
  const { extraction, warnings, warningMessages, durationMs } = answer;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(answer, null, 2));
      notify('app.extractor.test.copied', { type: 'success' });
    } catch {
      notify('app.extractor.test.copyFailed', { type: 'error' });
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography>
          {translate('app.extractor.test.summary', {
            kind: translate(`app.extractor.kinds.${extraction.kind}`),
            duration: formatDuration(durationMs, locale),
          })}
        </Typography>
        <Button startIcon={<ContentCopy />} onClick={() => void copy()}>
          {translate('app.extractor.test.copy')}
        </Button>
      </Stack>
      <MessageLines severity="warning" lines={said.lines(warnings, warningMessages)} />
      <TabbedPanels
        label={translate('app.routes.extractorTest')}
        panels={[
          {
            id: 'message',
            label: translate('app.analyses.result.tabs.message'),
            render: () => <ExtractionMessage extraction={extraction} />,
          },
          {
            id: 'attachments',
            label: translate('app.analyses.result.tabs.attachments', {
              smart_count: extraction.attachments.length,
            }),
            render: () => <ExtractionAttachments extraction={extraction} />,
          },
        ]}
      />
    </Stack>
  );
};
