import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { listEnvironments } from '../../../../schemas/contracts/tenancy';
import { launchTest, listMessageTags } from '../../../../schemas/contracts/testing';
import { MANUAL_STATUS_UPDATES } from '../../../../schemas/test-run.schema';
import { FormDialog, FormDialogBody, useSubmission } from '../../../components/FormDialog';
import { useApiClient } from '../../../providers/ServicesContext';
import { useCall } from '../../../providers/useCall';
import { testResultsPath } from '../../../routing/scopePaths';
import { testingErrorMessage } from '../messages-bank/testingErrors';

interface LaunchTestDialogProps {
  open: boolean;
  projectId: string;
  /** A tag chosen already (a batch launch: the tag the selected messages share). */
  initialTag?: string;
  onClose: () => void;
}

/**
 * Launches a test (spec pipeline §2): the bank's messages of one tag, through one environment of the
 * project, with the manual-status-update option. Opens the results page, where it runs live.
 */
export const LaunchTestDialog = ({ open, projectId, initialTag, onClose }: LaunchTestDialogProps) => {
  const translate = useTranslate();
  return (
    <FormDialog open={open} title={translate('app.testing.launch.title')} onClose={onClose}>
      <LaunchForm projectId={projectId} initialTag={initialTag} onClose={onClose} />
    </FormDialog>
  );
};

const LaunchForm = ({ projectId, initialTag, onClose }: Omit<LaunchTestDialogProps, 'open'>) => {
  const translate = useTranslate();
  const client = useApiClient();
  const navigate = useNavigate();
  const tags = useCall(listMessageTags, { params: { projectId } });
  const environments = useCall(listEnvironments, { params: { projectId } });
  const [tag, setTag] = useState(initialTag ?? '');
  const [environmentId, setEnvironmentId] = useState('');
  const [manualStatusUpdate, setManualStatusUpdate] =
    useState<(typeof MANUAL_STATUS_UPDATES)[number]>('disabled');
  const { busy, error, submit } = useSubmission((failure) => testingErrorMessage(failure, translate));
  const manualId = useId();

  const launch = () =>
    submit(async () => {
      const test = await client.call(launchTest, {
        params: { projectId },
        body: { tag, environmentId, manualStatusUpdate },
      });
      onClose();
      navigate(testResultsPath(projectId, test.id));
    });

  const noTags = tags.status === 'success' && tags.data.length === 0;
  return (
    <FormDialogBody
      error={error}
      busy={busy}
      submitLabel={translate('app.testing.launch.launch')}
      submitDisabled={!tag || !environmentId}
      onSubmit={() => void launch()}
      onCancel={onClose}
    >
      {noTags ? (
        <FormHelperText>{translate('app.testing.launch.noTags')}</FormHelperText>
      ) : (
        <TextField
          select
          label={translate('resources.tests.fields.tag')}
          value={tag}
          onChange={(event) => setTag(event.target.value)}
          required
        >
          {(tags.data ?? []).map((t) => (
            <MenuItem key={t.tag} value={t.tag}>
              {translate('app.testing.launch.tagOption', { tag: t.tag, smart_count: t.messages })}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        label={translate('resources.tests.fields.environmentName')}
        value={environmentId}
        onChange={(event) => setEnvironmentId(event.target.value)}
        required
      >
        {(environments.data ?? []).map((environment) => (
          <MenuItem key={environment.id} value={environment.id}>
            {environment.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControl>
        <FormLabel id={manualId}>{translate('resources.tests.fields.manualStatusUpdate')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={manualId}
          value={manualStatusUpdate}
          onChange={(event) => setManualStatusUpdate(event.target.value as typeof manualStatusUpdate)}
        >
          {MANUAL_STATUS_UPDATES.map((option) => (
            <FormControlLabel
              key={option}
              value={option}
              control={<Radio />}
              label={translate(`resources.tests.values.manualStatusUpdate.${option}`)}
            />
          ))}
        </RadioGroup>
        <FormHelperText>{translate('app.testing.launch.manualHelp')}</FormHelperText>
      </FormControl>
    </FormDialogBody>
  );
};
