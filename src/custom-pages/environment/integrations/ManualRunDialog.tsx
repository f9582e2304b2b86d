import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { runConnector, type ConnectorRun } from '../../../../schemas/contracts/connectors';
import { errorMessage } from '../../../api/errors';
import { FormDialog, FormDialogBody, useSubmission } from '../../../components/FormDialog';
import { DateTimePickerField } from '../../../components/pickers/DatePickers';
import { useApiClient } from '../../../providers/ServicesContext';
import { localDateTime } from './connectorDraft';

const DAY_MS = 86_400_000;

/**
 * A manual run (spec pipeline §4: from date, to date, force duplicates): queued by the server, its
 * progress in the runs' log. The from date is required (a day ago to start with), the to date
 * optional (until now).
 */
export const ManualRunDialog = ({
  envId,
  id,
  onClose,
  onQueued,
}: {
  envId: string;
  id: string;
  onClose: () => void;
  onQueued: (run: ConnectorRun) => void;
}) => {
  const translate = useTranslate();
  return (
    <FormDialog open title={translate('app.integrations.runs.manual')} onClose={onClose}>
      <ManualRunForm envId={envId} id={id} onClose={onClose} onQueued={onQueued} />
    </FormDialog>
  );
};

const ManualRunForm = ({
  envId,
  id,
  onClose,
  onQueued,
}: {
  envId: string;
  id: string;
  onClose: () => void;
  onQueued: (run: ConnectorRun) => void;
}) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.integrations.runs.dialog.${key}`);
  const notify = useNotify();
  const client = useApiClient();
  const [fromDate, setFromDate] = useState(() => localDateTime(new Date(Date.now() - DAY_MS).toISOString()));
  const [toDate, setToDate] = useState('');
  const [forceDuplicates, setForceDuplicates] = useState(false);
  const { busy, error, submit } = useSubmission(errorMessage);
  const toBeforeFrom = toDate !== '' && fromDate !== '' && Date.parse(toDate) <= Date.parse(fromDate);
  const run = () =>
    void submit(async () => {
      const queued = await client.call(runConnector, {
        params: { envId, id },
        body: {
          fromDate: new Date(fromDate).toISOString(),
          toDate: toDate ? new Date(toDate).toISOString() : null,
          forceDuplicates,
        },
      });
      notify('app.integrations.runs.dialog.queued', { type: 'success' });
      onQueued(queued);
      onClose();
    });
  return (
    <FormDialogBody
      busy={busy}
      error={error}
      submitLabel={t('run')}
      submitDisabled={fromDate === '' || toBeforeFrom}
      onSubmit={run}
      onCancel={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t('intro')}
      </Typography>
      <DateTimePickerField label={t('fromDate')} value={fromDate} onChange={setFromDate} required fullWidth />
      <DateTimePickerField
        label={t('toDate')}
        value={toDate}
        onChange={setToDate}
        error={toBeforeFrom}
        helperText={toBeforeFrom ? t('toBeforeFrom') : t('toDateHelp')}
        fullWidth
      />
      <FormControl>
        <FormControlLabel
          label={t('forceDuplicates')}
          control={
            <Checkbox checked={forceDuplicates} onChange={(e) => setForceDuplicates(e.target.checked)} />
          }
        />
        <FormHelperText sx={{ mt: 0 }}>{t('forceDuplicatesHelp')}</FormHelperText>
      </FormControl>
    </FormDialogBody>
  );
};
