import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { startServer, stopServer } from '../../../../schemas/contracts/nlu';
import { useApiClient } from '../../../providers/ServicesContext';
import { errorMessage } from '../../../api/errors';

/**
 * A server's state with its start / stop button (spec pipeline §4). Starting compiles its contexts:
 * a configuration that cannot compile says why, and the server stays stopped.
 */
export const ServerStateCell = ({ envId, record }: { envId: string; record: RaRecord }) => {
  const translate = useTranslate();
  const client = useApiClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const started = record.state === 'started';
  const toggle = async (event: React.MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      const params = { envId, id: String(record.id) };
      if (started) await client.call(stopServer, { params });
      else {
        notify('app.nlu.configuration.servers.starting', { type: 'info' });
        const answer = await client.call(startServer, { params });
        notify('app.nlu.configuration.servers.started', {
          type: 'success',
          messageArgs: { ms: answer.compileMs ?? 0 },
        });
      }
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Chip
        size="small"
        color={started ? 'success' : 'default'}
        label={translate(`resources.servers.values.state.${started ? 'started' : 'stopped'}`)}
      />
      <Button size="small" disabled={busy} onClick={(e) => void toggle(e)}>
        {translate(started ? 'app.nlu.configuration.servers.stop' : 'app.nlu.configuration.servers.start')}
      </Button>
    </Stack>
  );
};
