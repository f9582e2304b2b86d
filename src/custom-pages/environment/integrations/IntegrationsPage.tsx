import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { listConnectors, type Connector } from '../../../../schemas/contracts/connectors';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { environmentPath } from '../../../routing/scopePaths';
import { formatDateTime } from '../../../theme';
import { ActiveChip, AuthorizationChip, HealthChip } from './ConnectorChips';
import { ConnectorWizard } from './ConnectorWizard';
import { problemText } from './connectorProblem';
import { usePolledLoad } from './usePolledLoad';

const COLUMNS = [
  'name',
  'appType',
  'active',
  'health',
  'lastExecutionAt',
  'messages',
  'rateLimitedUntil',
  'tokenExpiresAt',
] as const;

/**
 * The environment's mail connectors (spec pipeline §2 "Integrations: list, create wizard"): each
 * with its state (a Gmail connector's grant too), health (its problem said), last execution, messages fetched, rate limit and token
 * expiry, read again every few seconds; a name opens the connector; "New connector" the wizard.
 */
export const IntegrationsPage = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const client = useApiClient();
  const navigate = useNavigate();
  const { projectId = '', envId = '' } = useParams();
  const [creating, setCreating] = useState(false);
  const { state, reload } = usePolledLoad(
    () => client.call(listConnectors, { params: { envId } }).then((answer) => answer.data),
    envId,
  );
  const home = `${environmentPath(projectId, envId)}/env-management/integrations`;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, locale) : '—');
  const newButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
      {translate('app.integrations.new')}
    </Button>
  );

  const cell = (c: Connector, column: (typeof COLUMNS)[number]) => {
    switch (column) {
      case 'name':
        return (
          <Link
            component={RouterLink}
            to={`${home}/${encodeURIComponent(c.id)}`}
            aria-label={translate('app.integrations.open', { name: c.name })}
          >
            {c.name}
          </Link>
        );
      case 'appType':
        return translate(`app.integrations.appTypes.${c.appType}`);
      case 'active':
        return (
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            <ActiveChip active={c.active} />
            <AuthorizationChip connector={c} />
          </Stack>
        );
      case 'health':
        return (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <HealthChip connector={c} />
            {c.healthProblem ? (
              <Typography variant="caption" color="error">
                {problemText(translate, c.healthProblem)}
              </Typography>
            ) : null}
          </Stack>
        );
      case 'messages':
        return c.messages;
      default:
        return date(c[column]);
    }
  };

  return (
    <ResourcePageFrame titleKey="app.routes.integrations" wide>
      <Stack spacing={2}>
        <Typography color="text.secondary">{translate('app.integrations.intro')}</Typography>
        {state.status === 'pending' ? (
          <PageLoader />
        ) : state.status === 'error' ? (
          <CallErrorAlert error={state.error} onRetry={() => void reload()} />
        ) : state.data.length === 0 ? (
          <Alert severity="info" icon={false}>
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <span>{translate('app.integrations.empty')}</span>
              {newButton}
            </Stack>
          </Alert>
        ) : (
          <>
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              {newButton}
            </Stack>
            <TableContainer>
              <Table size="small" aria-label={translate('app.integrations.list')}>
                <TableHead>
                  <TableRow>
                    {COLUMNS.map((column) => (
                      <TableCell key={column}>{translate(`app.integrations.columns.${column}`)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {state.data.map((c) => (
                    <TableRow key={c.id}>
                      {COLUMNS.map((column) => (
                        <TableCell
                          key={column}
                          sx={
                            column.endsWith('At') || column.endsWith('Until')
                              ? { whiteSpace: 'nowrap' }
                              : undefined
                          }
                        >
                          {cell(c, column)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </Stack>
      {creating ? (
        <ConnectorWizard
          envId={envId}
          onClose={() => setCreating(false)}
          onSaved={() => void reload()}
          onActivated={(connector) => navigate(`${home}/${encodeURIComponent(connector.id)}`)}
        />
      ) : null}
    </ResourcePageFrame>
  );
};
