import Stack from '@mui/material/Stack';
import { useLocale, useTranslate } from 'react-admin';
import type { Address, Extraction } from '../../../../../schemas/analysis-result';
import { DetailList } from '../../../../components/DetailList';
import { formatDateTime } from '../../../../theme';
import { ExtractedText } from './ExtractedText';
import { ExtractionBlocks } from './ExtractionBlocks';
import { ExtractionPages } from './ExtractionPages';
import { Section } from './Section';

const address = ({ name, address: email }: Address) => (name ? `${name} <${email}>` : email);
const addresses = (list: readonly Address[]) => list.map(address).join(', ');

/**
 * The "Message" tab: an email's headers and text, or the pages of any other input (a PDF, pasted
 * text); then the blocks cut from it.
 */
export const ExtractionMessage = ({ extraction }: { extraction: Extraction }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const { message } = extraction;
  const label = (key: string) => translate(`app.analyses.extraction.${key}`);
  return (
    <Stack spacing={3}>
      {message ? (
        <>
          <Section title={label('headers')}>
            <DetailList
              items={[
                { label: label('from'), value: message.from ? address(message.from) : '' },
                { label: label('to'), value: addresses(message.to) },
                { label: label('cc'), value: addresses(message.cc) },
                { label: label('subject'), value: message.subject ?? '' },
                { label: label('date'), value: message.date ? formatDateTime(message.date, locale) : '' },
                { label: label('messageId'), value: message.messageId ?? '' },
              ].map((item) => ({ ...item, value: item.value || '—' }))}
            />
          </Section>
          <Section title={label('text')}>
            <ExtractedText text={message.text} />
          </Section>
        </>
      ) : (
        <Section title={label('pages')}>
          <ExtractionPages pages={extraction.pages} />
        </Section>
      )}
      <Section title={label('blocks')}>
        <ExtractionBlocks
          extraction={extraction}
          blocks={extraction.blocks.filter((block) => block.source === 'message')}
        />
      </Section>
    </Stack>
  );
};
