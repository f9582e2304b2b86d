import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { importEnvironment } from '../../../schemas/contracts/configuration';
import { useApiClient } from '../../providers/ServicesContext';
import { RefusalAlert, refusalOf, type Refusal } from '../import-export/RefusalAlert';

/**
 * A new environment made from an exported configuration file (spec §3): its name, the file; the
 * server checks both and makes nothing when either is refused.
 */
export const ImportEnvironmentForm = ({
  projectId,
  onCreated,
}: {
  projectId: string;
  onCreated: (id: string) => void;
}) => {
  const translate = useTranslate();
  const client = useApiClient();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File>();
  const [nameError, setNameError] = useState<string>();
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setNameError(undefined);
    setRefusal(undefined);
    let configuration: unknown;
    try {
      configuration = JSON.parse(await file.text());
    } catch (error) {
      setRefusal({
        message: translate('app.importExport.notJson', { name: file.name, error: String(error) }),
        details: [],
      });
      return;
    }
    setBusy(true);
    try {
      const created = await client.call(importEnvironment, {
        params: { projectId },
        body: { name, configuration },
      });
      onCreated(created.id);
    } catch (error) {
      const refused = refusalOf(error);
      const onName = refused.details.find((d) => d.path === 'name');
      if (onName) setNameError(translate('resources.environments.errors.name.unique', { _: onName.message }));
      else setRefusal(refused);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} sx={{ maxWidth: 560 }}>
      <Typography color="text.secondary">{translate('app.envNew.fromFileHelp')}</Typography>
      <TextField
        label={translate('resources.environments.fields.name')}
        value={name}
        required
        onChange={(event) => setName(event.target.value)}
        error={nameError !== undefined}
        helperText={nameError}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component="label" startIcon={<FileUploadOutlined />}>
          {translate('app.importExport.file')}
          <input
            hidden
            type="file"
            accept="application/json,.json"
            aria-label={translate('app.importExport.file')}
            onChange={(event) => setFile(event.target.files?.[0])}
          />
        </Button>
        <Typography>{file?.name ?? ''}</Typography>
      </Stack>
      {refusal ? <RefusalAlert refusal={refusal} /> : null}
      <div>
        <Button type="submit" variant="contained" disabled={busy || !file || name.trim() === ''}>
          {translate('app.envNew.create')}
        </Button>
      </div>
    </Stack>
  );
};
