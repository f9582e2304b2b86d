import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { listModules, testOcrData, type OcrDataTestAnswer } from '../../../../schemas/contracts/modules';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { RedirectWithNotice } from '../../../components/RedirectWithNotice';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { useCall } from '../../../providers/useCall';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { refusalMessage } from '../../../resources/labels';
import { environmentPath } from '../../../routing/scopePaths';
import { formatDuration } from '../analyses/components/format';
import { TestFilePicker, useTestFile } from '../analyses/components/TestFile';
import { MessageLines } from '../analyses/components/MessageLines';
import { useTraceText } from '../analysis-result/traceText';
import { useExtractionFailure } from '../extractor-test/useExtractionFailure';

/**
 * The OCR data extraction test page (spec pipeline §2 `test-ocrDataExtraction`, §8): one file read
 * with the environment's saved extractor and OCR data settings, each document's fields with the
 * anchor, page and line they were read on, or "not found". Spec §8 sends a user to the dashboard,
 * with a notice, when the module is not in the pipeline.
 */
export const OcrDataTestPage = () => {
  const translate = useTranslate();
  const said = useTraceText();
  const locale = useLocale();
  const client = useApiClient();
  const { projectId = '', envId = '' } = useParams();
  const modules = useCall(listModules, { params: { envId } });
  const extractionFailure = useExtractionFailure();
  const test = useTestFile(
    (file: File) => client.call(testOcrData, { params: { envId }, body: { file } }),
    // A file the extractor could not read says so with the parser's reason, as on the extractor's test page.
    (error) => extractionFailure(error) ?? refusalMessage(translate, error),
  );
  const home = environmentPath(projectId, envId);

  if (modules.status === 'pending') return <PageLoader />;
  if (modules.status === 'error') return <CallErrorAlert error={modules.error} onRetry={modules.retry} />;
  if (!modules.data.modules.some((m) => m.type === 'ocrDataExtraction' && m.active))
    return <RedirectWithNotice to={`${home}/dashboard`} message="app.ocrDataTest.disabled" />;

  return (
    <ResourcePageFrame titleKey="app.routes.ocrDataTest" wide>
      <Stack spacing={2}>
        <Typography color="text.secondary">{translate('app.ocrDataTest.intro')}</Typography>
        <div>
          <Button component={RouterLink} to={`${home}/modules/ocrDataExtraction`}>
            {translate('app.ocrDataTest.settings')}
          </Button>
        </div>
        <TestFilePicker label={translate('app.ocrDataTest.choose')} test={test} />
        {test.run.state === 'read' ? (
          <Stack spacing={2}>
            <Typography>
              {translate('app.ocrDataTest.summary', {
                smart_count: test.run.answer.documents.length,
                duration: formatDuration(test.run.answer.durationMs, locale),
              })}
            </Typography>
            <MessageLines
              severity="warning"
              lines={said.lines(test.run.answer.warnings, test.run.answer.warningMessages)}
            />
            {test.run.answer.documents.map((d, index) => (
              <DocumentReport key={index} document={d} />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </ResourcePageFrame>
  );
};

const DocumentReport = ({ document: d }: { document: OcrDataTestAnswer['documents'][number] }) => {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) => translate(`app.ocrDataTest.${key}`, values);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={d.filename}>
      <Typography variant="h6" component="h2">
        {d.filename}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('pages', { smart_count: d.pages, ocr: d.ocrPages })}
      </Typography>
      <Table size="small" aria-label={t('fields', { name: d.filename })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('key')}</TableCell>
            <TableCell>{t('value')}</TableCell>
            <TableCell>{t('anchor')}</TableCell>
            <TableCell>{t('page')}</TableCell>
            <TableCell>{t('line')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {d.fields.map((f) => (
            <TableRow key={f.key}>
              <TableCell>{f.key}</TableCell>
              <TableCell>
                {f.value === null ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('notFound')}
                  </Typography>
                ) : (
                  String(f.value)
                )}
              </TableCell>
              <TableCell>{f.anchor ?? '—'}</TableCell>
              <TableCell>{f.page ?? '—'}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}>{f.line ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
};
