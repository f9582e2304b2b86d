import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import type { AnalysisStatus } from '../../../../../schemas/analysis-result';
import { ANALYSIS_STATUSES } from '../../../../../schemas/analysis-result';

const colours: Record<AnalysisStatus, ChipProps['color']> = {
  waiting: 'default',
  pending: 'info',
  processed: 'success',
  error: 'error',
  aborted: 'warning',
};

/** Narrows a list row's value (an untyped record field). */
export const isAnalysisStatus = (value: unknown): value is AnalysisStatus =>
  (ANALYSIS_STATUSES as readonly unknown[]).includes(value);

/** An analysis's progress (spec §3), coloured so a list of them reads at a glance; a failure says why on hover. */
export const AnalysisStatusChip = ({
  status,
  failure,
}: {
  status: AnalysisStatus;
  failure?: string | null;
}) => {
  const translate = useTranslate();
  const chip = (
    <Chip
      size="small"
      color={colours[status]}
      variant={status === 'waiting' ? 'outlined' : 'filled'}
      label={translate(`resources.analyses.values.status.${status}`, { _: status })}
    />
  );
  return failure ? <Tooltip title={failure}>{chip}</Tooltip> : chip;
};
