import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import type { Connector } from '../../../../schemas/contracts/connectors';
import { problemText } from './connectorProblem';

export const ActiveChip = ({ active }: { active: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={translate(active ? 'app.integrations.active' : 'app.integrations.inactive')}
    />
  );
};

const HEALTH_COLOURS = { unknown: 'default', healthy: 'success', unhealthy: 'error' } as const;

/** The connector's health; its problem, when it has one, as the chip's tooltip. */
export const HealthChip = ({ connector }: { connector: Pick<Connector, 'health' | 'healthProblem'> }) => {
  const translate = useTranslate();
  const chip = (
    <Chip
      size="small"
      color={HEALTH_COLOURS[connector.health]}
      label={translate(`app.integrations.health.${connector.health}`)}
    />
  );
  return connector.healthProblem ? (
    <Tooltip title={problemText(translate, connector.healthProblem)}>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
};

const AUTHORIZATION_COLOURS = {
  notConfigured: 'default',
  configuring: 'info',
  configured: 'success',
  reauthorize: 'warning',
} as const;

/** Where an OAuth connector's grant stands (Gmail: spec platform-shell §6); nothing for the others. */
export const AuthorizationChip = ({ connector }: { connector: Pick<Connector, 'authorization'> }) => {
  const translate = useTranslate();
  if (connector.authorization === null) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={AUTHORIZATION_COLOURS[connector.authorization]}
      label={translate(`app.integrations.authorizations.${connector.authorization}`)}
    />
  );
};
