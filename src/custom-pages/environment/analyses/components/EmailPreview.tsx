import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { sanitizeEmailHtml } from './sanitizeEmailHtml';

/**
 * An email's HTML as its recipient would see it, made harmless (DESIGN.md §9): sanitised, then
 * shown in a frame sandboxed with no permission at all — no script, no form, no navigation of the
 * console, and an origin of its own so it cannot reach the console's storage. A document's HTML
 * (a Word body, as the extractor wrote it) is shown the same way, under its own `title`.
 */
export const EmailPreview = ({ html, title }: { html: string; title?: string }) => {
  const translate = useTranslate();
  const { document, blocked } = useMemo(() => sanitizeEmailHtml(html), [html]);
  return (
    <Stack spacing={1}>
      {blocked > 0 ? (
        <Alert severity="info">{translate('app.analyses.preview.blocked', { smart_count: blocked })}</Alert>
      ) : null}
      <iframe
        title={title ?? translate('app.analyses.preview.email')}
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={document}
        style={{ width: '100%', height: 560, border: '1px solid #ccc', borderRadius: 4, background: '#fff' }}
      />
    </Stack>
  );
};
