import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useNotify, useTranslate } from 'react-admin';
import { updateConnector, type Connector } from '../../../../schemas/contracts/connectors';
import { useApiClient } from '../../../providers/ServicesContext';
import { ConnectorFields } from './ConnectorFields';
import { draftOf, inputOf } from './connectorDraft';
import { useConnectorForm } from './useConnectorForm';

/**
 * A connector's settings edited (PUT, with its own app type): the secret (password, client secret)
 * is sent only when a new one is typed, the start date as stored unless changed.
 */
export const ConnectorEditForm = ({
  envId,
  connector,
  onSaved,
  onCancel,
}: {
  envId: string;
  connector: Connector;
  onSaved: (connector: Connector) => void;
  onCancel: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const form = useConnectorForm(draftOf(connector), {
    secretRequired: false,
    stored: connector.settings,
  });
  const save = () =>
    void form.submit(async (draft) => {
      const saved = await client.call(updateConnector, {
        params: { envId, id: connector.id },
        body: inputOf({ ...draft, appType: connector.appType }, connector.settings),
      });
      notify('app.integrations.detail.saved', { type: 'success' });
      onSaved(saved);
    });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <ConnectorFields
          draft={form.draft}
          onChange={form.change}
          problems={form.problems}
          edit
          // A Gmail connector's client secret is its own OAuth client's: none while it had none.
          secretStored={connector.appType !== 'gmail' || connector.settings.customCredentials}
        />
        {form.failure ? (
          <Alert severity="error" role="alert">
            {form.failure}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" loading={form.busy} onClick={save}>
            {translate('app.integrations.detail.save')}
          </Button>
          <Button onClick={onCancel} disabled={form.busy}>
            {translate('app.integrations.detail.cancel')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
};
