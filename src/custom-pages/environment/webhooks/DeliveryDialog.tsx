import Replay from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useGetOne, useLocale, useNotify, useTranslate } from 'react-admin';
import { getDeliveryDetail, replayDelivery } from '../../../../schemas/contracts/webhooks';
import { errorMessage } from '../../../api/errors';
import { invalidateCallCache } from '../../../providers/callCache';
import { useApiClient } from '../../../providers/ServicesContext';
import { useCall } from '../../../providers/useCall';
import { getResource } from '../../../resources/registry';
import { refusalMessage } from '../../../resources/labels';
import { DeliveryStatusChip } from './DeliveryStatusChip';
import { deliveryError } from './deliveryError';
import { formatDateTime } from '../../../theme';

const deliveries = getResource('webhook-deliveries');

/**
 * One delivery: its state, every attempt (when, how long, the receiver's status or the failure),
 * the exact body posted, and — for configurators — a replay, which starts a new series of attempts
 * under the same X-Delivery-Id.
 */
export const DeliveryDialog = ({
  envId,
  id,
  canReplay,
  onClose,
}: {
  envId: string;
  id: string;
  canReplay: boolean;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const client = useApiClient();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const record = useGetOne(deliveries.apiResource(envId), { id });
  const detail = useCall(getDeliveryDetail, { params: { envId, id } });
  const replay = async () => {
    setBusy(true);
    try {
      await client.call(replayDelivery, { params: { envId, id } });
      notify('app.webhooks.replayed', { type: 'success', messageArgs: { smart_count: 1 } });
      invalidateCallCache(client);
      await record.refetch();
    } catch (error) {
      notify(refusalMessage(translate, error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const delivery = record.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{translate('app.webhooks.delivery')}</DialogTitle>
      <DialogContent>
        {record.error ? <Alert severity="error">{errorMessage(record.error)}</Alert> : null}
        {delivery ? (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <DeliveryStatusChip status={delivery.status as string} />
              <Typography variant="body2">{delivery.webhookUrl as string}</Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('app.webhooks.deliveryId', { id: delivery.id })}
              </Typography>
            </Stack>
            {delivery.status === 'pending' && delivery.nextAttemptAt ? (
              <Alert severity="info">
                {translate('app.webhooks.nextAttempt', {
                  at: formatDateTime(delivery.nextAttemptAt as string, locale),
                })}
              </Alert>
            ) : null}
            <Typography variant="subtitle2" component="h3">
              {translate('app.webhooks.attempts')}
            </Typography>
            {detail.status === 'error' ? <Alert severity="error">{errorMessage(detail.error)}</Alert> : null}
            {detail.status === 'success' && detail.data.attempts.length === 0 ? (
              <Typography color="text.secondary">{translate('app.webhooks.noAttempt')}</Typography>
            ) : null}
            {detail.status === 'success' && detail.data.attempts.length > 0 ? (
              <Table size="small" aria-label={translate('app.webhooks.attempts')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('app.webhooks.attempt')}</TableCell>
                    <TableCell>{translate('app.webhooks.startedAt')}</TableCell>
                    <TableCell>{translate('resources.webhook-deliveries.fields.durationMs')}</TableCell>
                    <TableCell>{translate('resources.webhook-deliveries.fields.statusCode')}</TableCell>
                    <TableCell>{translate('resources.webhook-deliveries.fields.error')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {detail.data.attempts.map((a) => (
                    <TableRow key={a.attempt}>
                      <TableCell>{a.attempt}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(a.startedAt, locale, { seconds: true })}
                      </TableCell>
                      <TableCell>{translate('app.webhooks.milliseconds', { ms: a.durationMs })}</TableCell>
                      <TableCell>{a.statusCode ?? '—'}</TableCell>
                      <TableCell>{deliveryError(translate, a) || '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
            {detail.status === 'success' ? (
              <section aria-label={translate('app.webhooks.payload')}>
                <Typography variant="subtitle2" component="h3" gutterBottom>
                  {translate('app.webhooks.payload')}
                </Typography>
                <Typography
                  component="pre"
                  sx={{
                    whiteSpace: 'pre-wrap',
                    fontFamily: 'monospace',
                    fontSize: 13,
                    m: 0,
                    maxHeight: 320,
                    overflow: 'auto',
                  }}
                >
                  {JSON.stringify(detail.data.payload, null, 2)}
                </Typography>
              </section>
            ) : null}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        {canReplay && delivery && delivery.status !== 'pending' ? (
          <Button startIcon={<Replay />} disabled={busy} onClick={() => void replay()}>
            {translate('app.webhooks.replay')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
