import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetList, useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { getResource } from '../../../resources/registry';
import { environmentPath } from '../../../routing/scopePaths';
import { DeliveryStatusChip } from '../webhooks/DeliveryStatusChip';
import { deliveryError } from '../webhooks/deliveryError';
import { formatDateTime } from '../../../theme';

const deliveries = getResource('webhook-deliveries');

/**
 * The deliveries of one analysis to the environment's webhooks (its Output tab): each with its state,
 * attempts and last failure, linked to the delivery log where its attempts, payload and replay are.
 */
export const AnalysisDeliveries = ({
  projectId,
  envId,
  analysisId,
}: {
  projectId: string;
  envId: string;
  analysisId: string;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  const { data, error, isPending } = useGetList(
    deliveries.apiResource(envId),
    {
      filter: { analysisId },
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'ASC' },
    },
    // Attempts go on after the analysis ended.
    { refetchInterval: 3000 },
  );
  const title = translate('app.webhooks.forAnalysis');
  if (isPending) return null;
  return (
    <section aria-label={title}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      {error ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
      {data && data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.webhooks.none')}
        </Typography>
      ) : null}
      {data && data.length > 0 ? (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.webhook-deliveries.fields.webhookUrl')}</TableCell>
              <TableCell>{translate('resources.webhook-deliveries.fields.status')}</TableCell>
              <TableCell>{translate('resources.webhook-deliveries.fields.attempts')}</TableCell>
              <TableCell>{translate('resources.webhook-deliveries.fields.deliveredAt')}</TableCell>
              <TableCell>{translate('resources.webhook-deliveries.fields.error')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((d) => (
              <TableRow key={d.id}>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={`${environmentPath(projectId, envId)}/env-management/webhooks?delivery=${encodeURIComponent(String(d.id))}`}
                    aria-label={translate('app.webhooks.open')}
                  >
                    {d.webhookUrl as string}
                  </Link>
                </TableCell>
                <TableCell>
                  <DeliveryStatusChip status={d.status as string} />
                </TableCell>
                <TableCell>{d.attempts as number}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {d.deliveredAt ? formatDateTime(d.deliveredAt as string, locale) : '—'}
                </TableCell>
                <TableCell>{deliveryError(translate, d) || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </section>
  );
};
