import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { ANALYSIS_STATUSES } from '../../../../schemas/analysis-result';
import { listEnvironments } from '../../../../schemas/contracts/tenancy';
import { SAMPLING_MAX, sampleAnalyses } from '../../../../schemas/contracts/testing';
import { DatePickerField } from '../../../components/pickers/DatePickers';
import { FormDialog, FormDialogBody, useSubmission } from '../../../components/FormDialog';
import { splitTyped } from '../../../../schemas/bank-message.schema';
import { useApiClient } from '../../../providers/ServicesContext';
import { useCall } from '../../../providers/useCall';
import { testingErrorMessage } from './testingErrors';

interface SamplingDialogProps {
  open: boolean;
  projectId: string;
  onClose: () => void;
}

/** A day typed in a date field, as the first or last instant of that day in the user's time zone. */
const dayBound = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

/**
 * Sampling (spec pipeline §2, §5): analyses of the project's environments copied into the bank —
 * named by their ids, or sampled at random among those matching the filters (at least one).
 */
export const SamplingDialog = ({ open, projectId, onClose }: SamplingDialogProps) => {
  const translate = useTranslate();
  return (
    <FormDialog open={open} title={translate('app.testing.sampling.title')} onClose={onClose}>
      <SamplingForm projectId={projectId} onClose={onClose} />
    </FormDialog>
  );
};

const SamplingForm = ({ projectId, onClose }: Omit<SamplingDialogProps, 'open'>) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const client = useApiClient();
  const environments = useCall(listEnvironments, { params: { projectId } });
  const [environmentId, setEnvironmentId] = useState('');
  const [analysisIds, setAnalysisIds] = useState('');
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [count, setCount] = useState(50);
  const [tags, setTags] = useState('');
  const { busy, error, submit } = useSubmission((failure) => testingErrorMessage(failure, translate));

  const sample = () =>
    submit(async () => {
      const { added } = await client.call(sampleAnalyses, {
        params: { projectId },
        body: {
          environmentId: environmentId || undefined,
          analysisIds: analysisIds.trim() || undefined,
          status: (status || undefined) as (typeof ANALYSIS_STATUSES)[number] | undefined,
          category: category.trim() || undefined,
          createdFrom: dayBound(from, false),
          createdTo: dayBound(to, true),
          count,
          tags: splitTyped(tags),
        },
      });
      notify('app.testing.sampling.added', { type: 'success', messageArgs: { smart_count: added.length } });
      refresh();
      onClose();
    });

  return (
    <FormDialogBody
      error={error}
      busy={busy}
      submitLabel={translate('app.testing.sampling.sample')}
      onSubmit={() => void sample()}
      onCancel={onClose}
    >
      <DialogContentText>{translate('app.testing.sampling.intro')}</DialogContentText>
      <TextField
        select
        label={translate('app.testing.sampling.environment')}
        value={environmentId}
        onChange={(event) => setEnvironmentId(event.target.value)}
      >
        <MenuItem value="">{translate('app.testing.sampling.anyEnvironment')}</MenuItem>
        {(environments.data ?? []).map((environment) => (
          <MenuItem key={environment.id} value={environment.id}>
            {environment.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={translate('app.testing.sampling.ids')}
        helperText={translate('app.testing.sampling.idsHelp')}
        value={analysisIds}
        onChange={(event) => setAnalysisIds(event.target.value)}
        multiline
        minRows={2}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          select
          fullWidth
          label={translate('app.testing.sampling.status')}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        >
          <MenuItem value="">{translate('app.testing.sampling.anyStatus')}</MenuItem>
          {ANALYSIS_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`resources.analyses.values.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          label={translate('app.testing.sampling.category')}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
        />
      </Stack>
      <Stack direction="row" spacing={2}>
        <DatePickerField
          fullWidth
          label={translate('app.testing.sampling.from')}
          value={from}
          onChange={setFrom}
        />
        <DatePickerField fullWidth label={translate('app.testing.sampling.to')} value={to} onChange={setTo} />
      </Stack>
      <Stack direction="row" spacing={2}>
        <TextField
          fullWidth
          type="number"
          label={translate('app.testing.sampling.count')}
          value={count}
          onChange={(event) => setCount(Math.max(1, Math.min(SAMPLING_MAX, Number(event.target.value) || 1)))}
          slotProps={{ htmlInput: { min: 1, max: SAMPLING_MAX } }}
        />
        <TextField
          fullWidth
          label={translate('app.testing.import.tags')}
          value={tags}
          onChange={(event) => setTags(event.target.value)}
        />
      </Stack>
    </FormDialogBody>
  );
};
