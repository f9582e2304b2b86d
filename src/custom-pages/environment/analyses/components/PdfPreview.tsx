import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageLoader } from '../../../../components/PageLoader';
import { PDF_PREVIEW_MAX_PAGES, renderPdf } from './renderPdf';

type Progress = { state: 'loading' } | { state: 'done'; pages: number } | { state: 'failed' };

/**
 * A PDF drawn page by page with pdf.js (loaded on demand). When it cannot be drawn — the original
 * is gone, the file is damaged — `fallback` (the extracted pages) shows instead, under a notice.
 */
export const PdfPreview = ({ load, fallback }: { load: () => Promise<Blob>; fallback: ReactNode }) => {
  const translate = useTranslate();
  const canvases = useRef<HTMLDivElement>(null);
  const [progress, setProgress] = useState<Progress>({ state: 'loading' });

  useEffect(() => {
    const target = canvases.current;
    if (!target) return;
    const stop = new AbortController();
    const label = (number: number) => translate('app.analyses.extraction.page', { number });
    load()
      .then((blob) => blob.arrayBuffer())
      .then((bytes) => renderPdf(bytes, target, label, stop.signal))
      .then(
        (pages) => !stop.signal.aborted && setProgress({ state: 'done', pages }),
        () => !stop.signal.aborted && setProgress({ state: 'failed' }),
      );
    return () => {
      stop.abort();
      target.replaceChildren();
    };
  }, [load, translate]);

  if (progress.state === 'failed')
    return (
      <Stack spacing={2}>
        <Alert severity="info">{translate('app.analyses.preview.pdfFailed')}</Alert>
        {fallback}
      </Stack>
    );
  return (
    <Stack spacing={2}>
      {progress.state === 'loading' ? <PageLoader /> : null}
      {progress.state === 'done' && progress.pages > PDF_PREVIEW_MAX_PAGES ? (
        <Alert severity="info">
          {translate('app.analyses.preview.pdfTruncated', {
            shown: PDF_PREVIEW_MAX_PAGES,
            total: progress.pages,
          })}
        </Alert>
      ) : null}
      {/* Filled by pdf.js, not by React. */}
      <Stack ref={canvases} spacing={2} sx={{ alignItems: 'center' }} />
    </Stack>
  );
};
