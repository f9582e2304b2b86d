import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import type { ExtractedAttachment, Extraction } from '../../../../../schemas/analysis-result';
import { DetailList } from '../../../../components/DetailList';
import { useTraceText } from '../../analysis-result/traceText';
import { ExtractionBlocks } from './ExtractionBlocks';
import { ExtractionPages } from './ExtractionPages';
import { formatBytes } from './format';
import { MessageLines } from './MessageLines';

/**
 * The "Attachments" tab: every file found in the input, forwarded messages' files included (their
 * parent named), with what it is, its pages as read, its warnings, and why it could not be read.
 */
export const ExtractionAttachments = ({ extraction }: { extraction: Extraction }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const said = useTraceText();
  const { attachments } = extraction;
  const label = (key: string) => translate(`app.analyses.extraction.${key}`);
  const nameOf = (index: number | null) =>
    index === null ? '' : (attachments.find((a) => a.index === index)?.filename ?? `#${index}`);
  if (attachments.length === 0)
    return <Typography color="text.secondary">{label('noAttachments')}</Typography>;

  const card = (attachment: ExtractedAttachment) => {
    const blocks = extraction.blocks.filter((block) => block.source === attachment.index);
    return (
      <Card key={attachment.index} variant="outlined" component="article" aria-label={attachment.filename}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6" component="h3" sx={{ wordBreak: 'break-all' }}>
              {attachment.filename}
            </Typography>
            <DetailList
              items={[
                { label: label('type'), value: attachment.mime },
                { label: label('size'), value: formatBytes(attachment.size, locale) },
                { label: label('parent'), value: nameOf(attachment.parent) || label('noParent') },
                ...(attachment.inline
                  ? [{ label: label('inline'), value: translate('ra.boolean.true') }]
                  : []),
              ]}
            />
            <MessageLines
              severity="error"
              lines={attachment.error ? [said.say(attachment.messages?.error, attachment.error)] : []}
            />
            <MessageLines
              severity="warning"
              lines={said.lines(attachment.warnings, attachment.messages?.warnings)}
            />
            {attachment.error ? null : <ExtractionPages pages={attachment.pages} />}
            {blocks.length > 0 ? (
              <Accordion disableGutters variant="outlined">
                <AccordionSummary expandIcon={<ExpandMore />}>
                  {translate('app.analyses.extraction.blockCount', { smart_count: blocks.length })}
                </AccordionSummary>
                <AccordionDetails>
                  <ExtractionBlocks extraction={extraction} blocks={blocks} />
                </AccordionDetails>
              </Accordion>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
    );
  };

  return <Stack spacing={2}>{attachments.map(card)}</Stack>;
};
