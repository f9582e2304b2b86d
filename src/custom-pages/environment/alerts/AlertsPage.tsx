import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import type { RaRecord } from 'react-admin';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { environmentPath } from '../../../routing/scopePaths';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { formatDateTime } from '../../../theme';

const alerts = getResource('alerts');
const firings = getResource('alert-firings');

/** The firings log asks again this often: the evaluation job adds to it on its own. */
const REFRESH_MS = 10_000;

/**
 * An environment's alerts (spec pipeline §3, §4; docs/decisions/dashboard-alerts.md): timeout and
 * threshold alerts created, disabled, edited once disabled (the server refuses otherwise, and the
 * form says why) and deleted, and the log of their firings. An alert's last firing opens its own
 * firings (`?alert=<id>`).
 */
export const AlertsPage = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const scope = useRouteScope();
  const [search, setSearch] = useSearchParams();
  const alertId = search.get('alert');
  const AlertList = alerts.list;
  const FiringList = firings.list;
  const show = useCallback(
    (id: string | null) =>
      setSearch((s) => {
        const next = new URLSearchParams(s);
        if (id) next.set('alert', id);
        else next.delete('alert');
        return next;
      }),
    [setSearch],
  );

  const alertCells = useMemo(
    () => ({
      enabled: (r: RaRecord) => (
        <Chip
          size="small"
          variant="outlined"
          color={r.enabled ? 'success' : 'default'}
          label={translate(r.enabled ? 'app.dashboard.alerts.enabled' : 'app.dashboard.alerts.disabled')}
        />
      ),
      lastFiredAt: (r: RaRecord) =>
        r.lastFiredAt ? (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={(event) => {
              // The row itself opens the alert's form.
              event.stopPropagation();
              show(String(r.id));
            }}
          >
            {formatDateTime(r.lastFiredAt as string, locale)}
          </Link>
        ) : (
          '—'
        ),
    }),
    [translate, locale, show],
  );

  return (
    <ResourcePageFrame titleKey="app.routes.alerts" wide>
      <Button
        component={RouterLink}
        to={`${environmentPath(scope.projectId ?? '', scope.environmentId ?? '')}/dashboard`}
        startIcon={<ArrowBack />}
        sx={{ mb: 1 }}
      >
        {translate('app.dashboard.alerts.back')}
      </Button>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.dashboard.alerts.intro')}
      </Typography>
      <AlertList resource={alerts} scope={scope} cells={alertCells} />
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {translate('app.dashboard.alerts.firings')}
      </Typography>
      {alertId ? (
        <Chip sx={{ mb: 2 }} label={translate('app.dashboard.alerts.oneAlert')} onDelete={() => show(null)} />
      ) : null}
      <FiringList
        key={alertId ?? 'all'}
        resource={firings}
        scope={scope}
        refreshInterval={REFRESH_MS}
        initialFilter={alertId ? { alertId } : undefined}
      />
    </ResourcePageFrame>
  );
};
