import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { testNlu, type NluTestAnswer } from '../../../../schemas/contracts/nlu';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { useTestRun } from '../../../providers/useTestRun';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { NluTestResult } from './NluTestResult';

const servers = getResource('servers');

/**
 * Type a text, pick servers (at least one, spec §5), see what each server found in it. A stopped
 * server starts for the test, and the page says the AI was starting up.
 */
export const NluTestPage = () => {
  const translate = useTranslate();
  const client = useApiClient();
  const { environmentId: envId = '' } = useRouteScope();
  const list = useGetList(servers.apiResource(envId), {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const { answer, error, busy, run: start } = useTestRun<{ text: string; result: NluTestAnswer }>();

  const run = async () => {
    setTried(true);
    if (chosen.length === 0 || !text.trim()) return;
    await start(async () => ({
      text,
      result: await client.call(testNlu, { params: { envId }, body: { text, servers: chosen } }),
    }));
  };

  if (list.isPending) return <PageLoader />;
  const available = list.data ?? [];
  return (
    <ResourcePageFrame titleKey="app.routes.nluTest">
      <Stack spacing={2}>
        <Typography color="text.secondary">{translate('app.nlu.test.intro')}</Typography>
        <TextField
          label={translate('app.nlu.test.text')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={4}
          error={tried && !text.trim()}
        />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <FormLabel component="legend">{translate('app.nlu.test.servers')}</FormLabel>
          {available.length === 0 ? (
            <Alert severity="info">{translate('app.nlu.test.noServer')}</Alert>
          ) : (
            <FormGroup row>
              {available.map((s) => (
                <FormControlLabel
                  key={s.id}
                  label={String(s.name)}
                  control={
                    <Checkbox
                      checked={chosen.includes(String(s.id))}
                      onChange={(e) =>
                        setChosen((c) =>
                          e.target.checked ? [...c, String(s.id)] : c.filter((id) => id !== String(s.id)),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
          {tried && chosen.length === 0 ? (
            <FormHelperText error>{translate('app.nlu.test.needServer')}</FormHelperText>
          ) : null}
        </Paper>
        <div>
          <Button variant="contained" onClick={() => void run()} disabled={busy}>
            {translate('app.nlu.test.run')}
          </Button>
        </div>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {answer ? <NluTestResult text={answer.text} result={answer.result} /> : null}
      </Stack>
    </ResourcePageFrame>
  );
};
