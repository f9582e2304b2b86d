import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { replayFailedDeliveries } from '../../../../schemas/contracts/webhooks';
import { DateTimePickerField } from '../../../components/pickers/DatePickers';
import { invalidateCallCache } from '../../../providers/callCache';
import { useApiClient } from '../../../providers/ServicesContext';
import { getResource } from '../../../resources/registry';
import { refusalMessage } from '../../../resources/labels';

const webhooks = getResource('webhooks');

/** Local time without seconds, as DateTimePickerField reads it: the default is a day ago. */
const dayAgo = () => {
  const d = new Date(Date.now() - 86_400_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** Replays every failed delivery of one webhook made since a date (after its receiver was fixed). */
export const ReplayFailedDialog = ({ envId, onClose }: { envId: string; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const titleId = useId();
  const { data = [] } = useGetList(webhooks.apiResource(envId), {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  const [webhookId, setWebhookId] = useState('');
  const [since, setSince] = useState(dayAgo);
  const [busy, setBusy] = useState(false);
  const chosen = webhookId || (data[0]?.id as string | undefined) || '';
  const submit = async () => {
    setBusy(true);
    try {
      const { replayed } = await client.call(replayFailedDeliveries, {
        params: { envId, id: chosen },
        body: { since: new Date(since).toISOString() },
      });
      notify('app.webhooks.replayed', { type: 'success', messageArgs: { smart_count: replayed } });
      invalidateCallCache(client);
      onClose();
    } catch (error) {
      notify(refusalMessage(translate, error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('app.webhooks.replayFailed')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={translate('resources.webhooks.name', { smart_count: 1 })}
            value={chosen}
            onChange={(e) => setWebhookId(e.target.value)}
          >
            {data.map((w) => (
              <MenuItem key={w.id} value={w.id as string}>
                {w.url as string}
              </MenuItem>
            ))}
          </TextField>
          <DateTimePickerField label={translate('app.webhooks.since')} value={since} onChange={setSince} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || !chosen || !since} onClick={() => void submit()}>
          {translate('app.webhooks.replay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
