import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { exportConfiguration, importConfiguration } from '../../../../schemas/contracts/configuration';
import { errorMessage } from '../../../api';
import { useApiClient } from '../../../providers/ServicesContext';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { saveFile } from '../../../components/download';
import { RefusalAlert, refusalOf, type Refusal } from './RefusalAlert';

/**
 * The whole configuration of the environment as one JSON file: download it, or replace the
 * configuration with one (spec §5: the import deletes the existing entities, after a warning). A
 * file that is not JSON is refused here; anything else the server checks, and a refused file
 * changes nothing and is explained entity by entity.
 */
export const ImportExportPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const envId = useRouteScope().environmentId ?? '';
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ name: string; document: unknown }>();
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    try {
      saveFile(await client.call(exportConfiguration, { params: { envId } }), 'configuration.json');
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setRefusal(undefined);
    try {
      setPending({ name: file.name, document: JSON.parse(await file.text()) as unknown });
    } catch (error) {
      setRefusal({
        message: translate('app.importExport.notJson', { name: file.name, error: String(error) }),
        details: [],
      });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const upload = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const { entities } = await client.call(importConfiguration, {
        params: { envId },
        body: pending.document,
      });
      notify('app.importExport.imported', { type: 'success', messageArgs: { smart_count: entities } });
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  };

  return (
    <ResourcePageFrame titleKey="app.routes.importExport">
      <Stack spacing={3}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              {translate('app.importExport.exportTitle')}
            </Typography>
            <Typography color="text.secondary">{translate('app.importExport.exportHelp')}</Typography>
          </CardContent>
          <CardActions>
            <Button startIcon={<FileDownloadOutlined />} onClick={() => void download()}>
              {translate('app.importExport.export')}
            </Button>
          </CardActions>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              {translate('app.importExport.importTitle')}
            </Typography>
            <Typography color="text.secondary">{translate('app.importExport.importHelp')}</Typography>
            {refusal ? (
              <Stack sx={{ mt: 2 }}>
                <RefusalAlert refusal={refusal} />
              </Stack>
            ) : null}
          </CardContent>
          <CardActions>
            <Button component="label" startIcon={<FileUploadOutlined />} disabled={busy}>
              {translate('app.importExport.import')}
              <input
                ref={input}
                hidden
                type="file"
                accept="application/json,.json"
                aria-label={translate('app.importExport.file')}
                onChange={(event) => void choose(event.target.files?.[0])}
              />
            </Button>
          </CardActions>
        </Card>
      </Stack>
      <Confirm
        isOpen={pending !== undefined}
        loading={busy}
        title="app.importExport.confirmTitle"
        content={translate('app.importExport.confirmWarning', { name: pending?.name ?? '' })}
        confirm="app.importExport.replace"
        confirmColor="warning"
        onConfirm={() => void upload()}
        onClose={() => setPending(undefined)}
      />
    </ResourcePageFrame>
  );
};
