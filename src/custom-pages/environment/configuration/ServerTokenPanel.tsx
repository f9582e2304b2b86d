import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Confirm, useLocale, useNotify, useTranslate } from 'react-admin';
import {
  createServerToken,
  getServerToken,
  revokeServerToken,
  type ServerTokenState,
} from '../../../../schemas/contracts/nlu';
import { errorMessage } from '../../../api/errors';
import { useApiClient } from '../../../providers/ServicesContext';

/**
 * A saved server's token (spec pipeline §3; docs/nlu.md "Contexts and servers"): its start and
 * dates, made or replaced (the secret shown this once) and revoked.
 */
export const ServerTokenPanel = ({ envId, id }: { envId: string; id: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const locale = useLocale();
  const [state, setState] = useState<ServerTokenState['token'] | undefined>();
  const [secret, setSecret] = useState<string>();
  const [confirm, setConfirm] = useState<'replace' | 'revoke'>();
  const params = { envId, id };

  useEffect(() => {
    let live = true;
    client
      .call(getServerToken, { params: { envId, id } })
      .then((answer) => live && setState(answer.token))
      .catch((error: unknown) => live && notify(errorMessage(error), { type: 'error' }));
    return () => {
      live = false;
    };
  }, [client, envId, id, notify]);

  const make = async () => {
    try {
      const made = await client.call(createServerToken, { params });
      setSecret(made.secret);
      setState({ prefix: made.prefix, createdAt: made.createdAt, lastUsedAt: null });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  };
  const revoke = async () => {
    try {
      setState((await client.call(revokeServerToken, { params })).token);
      setSecret(undefined);
      notify('app.nlu.configuration.token.revoked', { type: 'info' });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  };

  if (state === undefined) return null;
  const date = (iso: string) => new Date(iso).toLocaleString(locale);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-label={translate('app.nlu.configuration.token.title')}
    >
      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h3">
          {translate('app.nlu.configuration.token.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.nlu.configuration.token.intro')}
        </Typography>
        {secret ? (
          <Alert severity="warning">
            <Stack spacing={1}>
              <span>{translate('app.nlu.configuration.token.once')}</span>
              <TextField
                value={secret}
                label={translate('app.nlu.configuration.token.secret')}
                size="small"
                slotProps={{ input: { readOnly: true } }}
                onFocus={(e) => e.target.select()}
              />
            </Stack>
          </Alert>
        ) : null}
        {state ? (
          <Typography>
            {translate('app.nlu.configuration.token.current', {
              prefix: state.prefix,
              created: date(state.createdAt),
              used: state.lastUsedAt
                ? date(state.lastUsedAt)
                : translate('app.nlu.configuration.token.never'),
            })}
          </Typography>
        ) : (
          <Typography color="text.secondary">{translate('app.nlu.configuration.token.none')}</Typography>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => (state ? setConfirm('replace') : void make())}>
            {translate(state ? 'app.nlu.configuration.token.replace' : 'app.nlu.configuration.token.make')}
          </Button>
          {state ? (
            <Button color="error" onClick={() => setConfirm('revoke')}>
              {translate('app.nlu.configuration.token.revoke')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <Confirm
        isOpen={confirm !== undefined}
        title={`app.nlu.configuration.token.${confirm ?? 'replace'}Title`}
        content={`app.nlu.configuration.token.${confirm ?? 'replace'}Content`}
        confirm={`app.nlu.configuration.token.${confirm ?? 'replace'}`}
        confirmColor="warning"
        onConfirm={() => {
          setConfirm(undefined);
          void (confirm === 'revoke' ? revoke() : make());
        }}
        onClose={() => setConfirm(undefined)}
      />
    </Paper>
  );
};
