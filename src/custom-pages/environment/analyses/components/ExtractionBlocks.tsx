import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import type { Extraction, TextBlock } from '../../../../../schemas/analysis-result';
import { blockText } from '../../../../../schemas/analysis-result';
import { ExtractedText } from './ExtractedText';

/**
 * The blocks the language stages read (at most `charactersPerBlock` characters each, DESIGN.md §6),
 * with where each comes from: its page, when split per page, and its offsets in the source's text
 * (a block holds only its offsets: its text is cut from the source's here).
 */
export const ExtractionBlocks = ({
  extraction,
  blocks,
}: {
  extraction: Extraction;
  blocks: readonly TextBlock[];
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  if (blocks.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.analyses.extraction.noBlocks')}
      </Typography>
    );
  return (
    <Stack spacing={2}>
      {blocks.map((block, index) => (
        <Stack key={`${String(block.source)} ${block.start}`} spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography variant="subtitle2" component="h4">
              {translate('app.analyses.extraction.block', { number: index + 1 })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[
                block.page === null
                  ? null
                  : translate('app.analyses.extraction.page', { number: block.page }),
                translate('app.analyses.extraction.offsets', {
                  start: number(block.start),
                  end: number(block.end),
                }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Stack>
          <ExtractedText text={blockText(extraction, block)} />
        </Stack>
      ))}
    </Stack>
  );
};
