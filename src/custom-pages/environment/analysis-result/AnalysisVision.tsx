import { useTraceText } from './traceText';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { AnalysisResult } from '../../../../schemas/analysis-result';
import type { VisionOutput, VisionType } from '../../../../schemas/vision';
import { Draft } from '../reply-templates/Draft';
import { MessageLines } from '../analyses/components/MessageLines';

const VisionCategory = ({ vision }: { vision: VisionOutput }) => {
  const translate = useTranslate();
  const title = translate('app.modules.vision.result.category');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="subtitle2" gutterBottom>
        {title}
      </Typography>
      <Chip color="primary" label={vision.category ?? '—'} />
    </Paper>
  );
};

const VisionFields = ({ vision }: { vision: VisionOutput }) => {
  const translate = useTranslate();
  const label = (key: string) => translate(`app.modules.vision.result.${key}`);
  return (
    <Table size="small" aria-label={label('fields')}>
      <TableHead>
        <TableRow>
          <TableCell>{label('field')}</TableCell>
          <TableCell>{label('value')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {Object.entries(vision.data ?? {}).map(([key, value]) => (
          <TableRow key={key}>
            <TableCell component="th" scope="row">
              {key}
            </TableCell>
            <TableCell>{value ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const VisionText = ({ vision }: { vision: VisionOutput }) => {
  const translate = useTranslate();
  return <Draft title={translate('app.modules.vision.result.answer')} text={vision.text ?? ''} />;
};

/** What each type answers, and how it reads. */
const ANSWERS: Record<VisionType, (props: { vision: VisionOutput }) => ReactNode> = {
  custom: VisionText,
  strict_classification: VisionCategory,
  strict_extraction: VisionFields,
};

/**
 * The "Vision engine" tab (spec pipeline §3 "Vision engine", DESIGN.md §6 `result.vision`): the
 * type, the model and the images it read, then the category, the fields (— where the pages do not
 * say) or the free answer; the step's warnings; or why there is no answer.
 */
export const AnalysisVision = ({ result }: { result: AnalysisResult | null }) => {
  const translate = useTranslate();
  const said = useTraceText();
  const vision = result?.vision;
  const step = result?.trace.find((t) => t.step === 'visionEngine');
  const warnings = <MessageLines severity="warning" lines={step ? said.warnings(step) : []} />;
  if (!vision)
    return (
      <Stack spacing={2}>
        <Alert severity={step?.status === 'error' ? 'error' : 'info'}>
          {translate('app.modules.vision.result.none')}{' '}
          {step ? (said.errors(step)[0] ?? said.summary(step)) : null}
        </Alert>
        {warnings}
      </Stack>
    );
  const Answer = ANSWERS[vision.type];
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.modules.vision.result.summary', {
          type: translate(`app.modules.vision.types.${vision.type}`),
          model: vision.model,
          smart_count: vision.images,
        })}
      </Typography>
      {warnings}
      <Answer vision={vision} />
    </Stack>
  );
};
