import Replay from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { RaRecord } from 'react-admin';
import { useLocale, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useResourceAccess } from '../../../resources/useResourceAccess';
import { useRouteScope } from '../../../resources/useRouteScope';
import { NewKeyDialog } from '../access-keys/NewKeyDialog';
import { DeliveryDialog } from './DeliveryDialog';
import { DeliveryStatusChip } from './DeliveryStatusChip';
import { deliveryError } from './deliveryError';
import { ReplayFailedDialog } from './ReplayFailedDialog';
import { formatDateTime } from '../../../theme';

const webhooks = getResource('webhooks');
const deliveries = getResource('webhook-deliveries');

/** The delivery log asks again this often: attempts and retries change on their own. */
const REFRESH_MS = 3000;

/**
 * The environment's webhooks (created with their signing secret shown once, edited, activated,
 * deactivated, deleted) and the log of their deliveries, each opening its attempts and payload,
 * with replays. `?delivery=<id>` opens one delivery (the analysis's Output tab links here).
 */
export const WebhooksPage = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const scope = useRouteScope();
  const envId = scope.environmentId ?? '';
  const [secret, setSecret] = useState<string>();
  const [replaying, setReplaying] = useState(false);
  const [search, setSearch] = useSearchParams();
  const opened = search.get('delivery');
  const webhookAccess = useResourceAccess(webhooks, scope);
  const WebhookList = webhooks.list;
  const DeliveryList = deliveries.list;
  const open = (id: string | null) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (id) next.set('delivery', id);
        else next.delete('delivery');
        return next;
      },
      { replace: !id },
    );

  const webhookCells = useMemo(
    () => ({
      active: (r: RaRecord) => {
        const chip = (
          <Chip
            size="small"
            variant="outlined"
            color={r.active ? 'success' : 'default'}
            label={translate(r.active ? 'app.webhooks.active' : 'app.webhooks.inactive')}
          />
        );
        return r.deactivatedReason === 'failing' ? (
          <Tooltip title={translate('app.webhooks.deactivatedFailing')}>{chip}</Tooltip>
        ) : (
          chip
        );
      },
      failingSince: (r: RaRecord) =>
        r.failingSince ? (
          <Typography variant="body2" color="error">
            {translate('app.webhooks.failingSince', {
              at: formatDateTime(r.failingSince as string, locale),
            })}
          </Typography>
        ) : (
          '—'
        ),
    }),
    [translate, locale],
  );
  const deliveryCells = useMemo(
    () => ({
      status: (r: RaRecord) => (
        <Tooltip title={deliveryError(translate, r)}>
          <span>
            <DeliveryStatusChip status={r.status as string} />
          </span>
        </Tooltip>
      ),
    }),
    [translate],
  );

  return (
    <ResourcePageFrame titleKey="app.routes.webhooks" wide>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.webhooks.intro')}
      </Typography>
      <WebhookList
        resource={webhooks}
        scope={scope}
        cells={webhookCells}
        onCreated={(record) => setSecret(typeof record.secret === 'string' ? record.secret : undefined)}
      />
      <NewKeyDialog
        secret={secret}
        onClose={() => setSecret(undefined)}
        labels={{
          title: 'app.webhooks.createdTitle',
          shownOnce: 'app.webhooks.shownOnce',
          secret: 'resources.webhooks.fields.secret',
        }}
      />
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {translate('app.webhooks.log')}
      </Typography>
      <DeliveryList
        resource={deliveries}
        scope={scope}
        cells={deliveryCells}
        refreshInterval={REFRESH_MS}
        links={{ show: (id) => `?delivery=${encodeURIComponent(String(id))}` }}
        actions={
          webhookAccess.edit ? (
            <Button startIcon={<Replay />} onClick={() => setReplaying(true)} sx={{ flexShrink: 0 }}>
              {translate('app.webhooks.replayFailed')}
            </Button>
          ) : null
        }
      />
      {opened ? (
        <DeliveryDialog envId={envId} id={opened} canReplay={webhookAccess.edit} onClose={() => open(null)} />
      ) : null}
      {replaying ? <ReplayFailedDialog envId={envId} onClose={() => setReplaying(false)} /> : null}
    </ResourcePageFrame>
  );
};
