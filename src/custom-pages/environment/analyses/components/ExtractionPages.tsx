import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { TranslateFunction } from 'react-admin';
import type { ExtractedPage } from '../../../../../schemas/analysis-result';
import { ExtractedText } from './ExtractedText';

/**
 * The pages of a document, each under its number and label (a sheet's name, a slide's title), with
 * an OCR marker where the text was read from the image rather than the text layer.
 */
export const ExtractionPages = ({ pages }: { pages: readonly ExtractedPage[] }) => {
  const translate = useTranslate();
  if (pages.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.analyses.extraction.noPages')}
      </Typography>
    );
  return (
    <Stack spacing={2}>
      {pages.map((page, index) => (
        <Stack key={index} component="section" spacing={1} aria-label={pageTitle(translate, index, page)}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" component="h4">
              {pageTitle(translate, index, page)}
            </Typography>
            {page.ocr ? (
              <Chip
                size="small"
                color="secondary"
                variant="outlined"
                label={translate('app.analyses.extraction.ocr')}
                title={translate('app.analyses.extraction.ocrHelp')}
              />
            ) : null}
          </Stack>
          <ExtractedText text={page.text} />
        </Stack>
      ))}
    </Stack>
  );
};

const pageTitle = (translate: TranslateFunction, index: number, page: ExtractedPage) =>
  page.label
    ? translate('app.analyses.extraction.labelledPage', { number: index + 1, label: page.label })
    : translate('app.analyses.extraction.page', { number: index + 1 });
