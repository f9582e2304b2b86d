import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import type { AnalysisRecord } from '../../../../schemas/contracts/analyses';
import { DetailList } from '../../../components/DetailList';
import { formatDateTime } from '../../../theme';
import { AnalysisStatusChip } from '../analyses/components/AnalysisStatusChip';
import { formatBytes, formatDuration } from '../analyses/components/format';
import { MessageLines } from '../analyses/components/MessageLines';

/** What the analysis is and where it stands: name, status, input, dates, duration, why it failed. */
export const AnalysisHeader = ({
  analysis,
  failure,
  actions,
}: {
  analysis: AnalysisRecord;
  /** Why the analysis failed outside any step (the result's `error`), else the record's. */
  failure: string | null | undefined;
  actions: ReactNode;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  const field = (name: string) => translate(`resources.analyses.fields.${name}`);
  const when = (value: string | null | undefined) => (value ? formatDateTime(value, locale) : '—');
  const input = translate(`resources.analyses.values.inputType.${analysis.inputType}`);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
          {analysis.name}
        </Typography>
        <AnalysisStatusChip status={analysis.status} />
      </Stack>
      <DetailList
        items={[
          {
            label: field('inputType'),
            value: analysis.filename
              ? `${input} — ${analysis.filename}${analysis.size ? ` (${formatBytes(analysis.size, locale)})` : ''}`
              : input,
          },
          { label: field('createdAt'), value: when(analysis.createdAt) },
          { label: field('startedAt'), value: when(analysis.startedAt) },
          { label: field('finishedAt'), value: when(analysis.finishedAt) },
          { label: field('durationMs'), value: formatDuration(analysis.durationMs, locale) || '—' },
        ]}
      />
      <MessageLines severity="error" lines={failure ? [failure] : []} />
      {actions}
    </Stack>
  );
};
