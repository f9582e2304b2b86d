import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { NLU_LANGUAGES } from '../../../../schemas/environment.schema';
import { errorMessage } from '../../../api/errors';
import { PageLoader } from '../../../components/PageLoader';
import { UnsavedChangesDialog } from '../../../resources/generic/guard/UnsavedChangesDialog';
import { useUnsavedChangesGuard } from '../../../resources/generic/guard/useUnsavedChangesGuard';
import { getResource } from '../../../resources/registry';

const environments = getResource('environments');

/**
 * The NLU languages of the environment (spec pipeline §3): the language codes plus automatic
 * detection. With one language and no detection, every analysis is read in it; otherwise the
 * language is detected among those chosen (docs/nlu.md).
 */
export const LanguagesPanel = ({ projectId, envId }: { projectId: string; envId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = environments.apiResource(projectId);
  const { data, isPending } = useGetOne(resource, { id: envId });
  const [update, { isPending: saving }] = useUpdate();
  // The user's choice once they made one; until then the stored languages. A refetch of the
  // environment never overwrites a choice in progress.
  const [edited, setEdited] = useState<string[]>();
  const stored = Array.isArray(data?.languages) ? (data.languages as string[]) : [];
  // Leaving with a choice not saved asks first (spec §4: leave, stay, or save and leave).
  const saveRef = useRef(async () => false);
  const guard = useUnsavedChangesGuard(
    edited !== undefined && [...edited].sort().join() !== [...stored].sort().join(),
    () => saveRef.current(),
  );
  if (isPending || !data) return <PageLoader />;
  const chosen = edited ?? stored;
  const setChosen = (change: (current: string[]) => string[]) => setEdited(change(chosen));
  const save = async () => {
    try {
      await update(
        resource,
        { id: envId, data: { languages: chosen }, previousData: data },
        { returnPromise: true },
      );
      guard.release();
      setEdited(undefined);
      notify('app.nlu.configuration.languages.saved', { type: 'success' });
      return true;
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
      return false;
    }
  };
  saveRef.current = save;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <FormGroup row aria-label={translate('resources.environments.fields.languages')}>
          {NLU_LANGUAGES.map((code) => (
            <FormControlLabel
              key={code}
              sx={{ minWidth: 200 }}
              label={translate(`resources.environments.values.languages.${code}`)}
              control={
                <Checkbox
                  checked={chosen.includes(code)}
                  onChange={(e) =>
                    setChosen((c) => (e.target.checked ? [...c, code] : c.filter((l) => l !== code)))
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {chosen.length === 0 ? (
          <Alert severity="warning">{translate('app.nlu.configuration.languages.none')}</Alert>
        ) : null}
        <div>
          <Button variant="contained" onClick={() => void save()} disabled={saving || chosen.length === 0}>
            {translate('ra.action.save')}
          </Button>
        </div>
      </Stack>
      <UnsavedChangesDialog {...guard.dialog} />
    </Paper>
  );
};
