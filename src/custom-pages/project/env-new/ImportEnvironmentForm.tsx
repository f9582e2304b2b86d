import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { importEnvironment, type UseCaseTemplate } from '../../../../schemas/contracts/configuration';
import { localisedConfiguration } from '../../../../schemas/template-localisation';
import { useApiClient } from '../../../providers/ServicesContext';
import { TemplatePicker } from './TemplatePicker';
import { RefusalAlert, refusalOf, type Refusal } from '../../environment/import-export/RefusalAlert';

import { UnsavedChangesDialog } from '../../../resources/generic/guard/UnsavedChangesDialog';
import { useUnsavedChangesGuard } from '../../../resources/generic/guard/useUnsavedChangesGuard';
/**
 * A new environment made from a configuration (spec §3): an exported configuration file, or a
 * use-case template's, its descriptions in the user's language. Its name, the configuration; the
 * server checks both and makes nothing when either is refused.
 */
export const ImportEnvironmentForm = ({
  projectId,
  onCreated,
  source = 'file',
}: {
  projectId: string;
  onCreated: (id: string) => void;
  source?: 'file' | 'template';
}) => {
  const translate = useTranslate();
  const locale = useLocale() === 'en' ? 'en' : 'fr';
  const client = useApiClient();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File>();
  const [template, setTemplate] = useState<UseCaseTemplate>();
  const [nameError, setNameError] = useState<string>();
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);

  /** Makes the environment; resolves to whether it did. `leaving`: the guard navigates afterwards. */
  const create = async (leaving: boolean): Promise<boolean> => {
    setNameError(undefined);
    setRefusal(undefined);
    let configuration: unknown = template && localisedConfiguration(template, locale);
    if (source === 'file') {
      if (!file) return false;
      try {
        configuration = JSON.parse(await file.text());
      } catch (error) {
        setRefusal({
          message: translate('app.importExport.notJson', { name: file.name, error: String(error) }),
          details: [],
        });
        return false;
      }
    } else if (!template) return false;
    setBusy(true);
    try {
      const created = await client.call(importEnvironment, {
        params: { projectId },
        body: { name, configuration },
      });
      guard.release();
      if (!leaving) onCreated(created.id);
      return true;
    } catch (error) {
      const refused = refusalOf(error);
      const onName = refused.details.find((d) => d.path === 'name');
      if (onName) setNameError(translate('resources.environments.errors.name.unique', { _: onName.message }));
      else setRefusal(refused);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create(false);
  };
  // Spec §4: a name typed or a file or template chosen asks before the user leaves.
  const guard = useUnsavedChangesGuard(name !== '' || file !== undefined || template !== undefined, () =>
    name.trim() === '' ? Promise.resolve(false) : create(true),
  );

  return (
    <Stack component="form" spacing={2} onSubmit={submit} sx={{ maxWidth: 560 }}>
      <Typography color="text.secondary">
        {translate(source === 'file' ? 'app.envNew.fromFileHelp' : 'app.envNew.fromTemplateHelp')}
      </Typography>
      <TextField
        label={translate('resources.environments.fields.name')}
        value={name}
        required
        onChange={(event) => setName(event.target.value)}
        error={nameError !== undefined}
        helperText={nameError}
      />
      {source === 'file' ? (
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
      ) : (
        <TemplatePicker value={template} onChange={setTemplate} />
      )}
      {refusal ? <RefusalAlert refusal={refusal} /> : null}
      <div>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || (source === 'file' ? !file : !template) || name.trim() === ''}
        >
          {translate('app.envNew.create')}
        </Button>
      </div>
      <UnsavedChangesDialog {...guard.dialog} />
    </Stack>
  );
};
