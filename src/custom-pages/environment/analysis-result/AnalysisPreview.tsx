import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { Extraction } from '../../../../schemas/analysis-result';
import type { AnalysisRecord } from '../../../../schemas/contracts/analyses';
import { downloadAnalysisOriginal } from '../../../../schemas/contracts/analyses';
import { useApiClient } from '../../../providers/ServicesContext';
import { EmailPreview } from '../analyses/components/EmailPreview';
import { ExtractedText } from '../analyses/components/ExtractedText';
import { ExtractionPages } from '../analyses/components/ExtractionPages';
import { PdfPreview } from '../analyses/components/PdfPreview';
import { extensionOf } from '../analyses/components/uploadRules';

/**
 * The "Preview" tab: the input as a person would see it. An email's HTML, sanitised and sandboxed;
 * a PDF's pages drawn from the original; a Word document's body from the HTML the extractor wrote of
 * its structure, in the same sandboxed frame; anything else (or a PDF that cannot be drawn), the
 * text the extractor read.
 */
export const AnalysisPreview = ({
  envId,
  analysis,
  extraction,
}: {
  envId: string;
  analysis: AnalysisRecord;
  extraction: Extraction | null;
}) => {
  const translate = useTranslate();
  const client = useApiClient();
  const loadOriginal = useCallback(
    async () => (await client.call(downloadAnalysisOriginal, { params: { envId, id: analysis.id } })).blob,
    [client, envId, analysis.id],
  );
  const extracted = extraction?.message ? (
    <ExtractedText text={extraction.message.text} />
  ) : (
    <ExtractionPages pages={extraction?.pages ?? []} />
  );

  if (extraction?.message?.html) return <EmailPreview html={extraction.message.html} />;
  if (analysis.inputType === 'file' && extensionOf(analysis.filename ?? '') === 'pdf')
    return <PdfPreview load={loadOriginal} fallback={extracted} />;
  const documentHtml = extraction?.kind === 'document' ? extraction.pages.find((p) => p.html)?.html : undefined;
  if (documentHtml) return <EmailPreview html={documentHtml} title={translate('app.analyses.preview.document')} />;
  return (
    <Stack spacing={2}>
      <Alert severity="info">{translate('app.analyses.preview.notAvailable')}</Alert>
      {extracted}
    </Stack>
  );
};
