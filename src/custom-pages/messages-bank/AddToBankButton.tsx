import LibraryAdd from '@mui/icons-material/LibraryAddOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { sampleAnalyses } from '../../../schemas/contracts/testing';
import { useApiClient } from '../../providers/ServicesContext';
import { testingErrorMessage } from './testingErrors';

interface AddToBankButtonProps {
  projectId: string;
  analysisId: string;
  /** What the analysis detected: the expectation offered, to keep or correct. */
  detected: string[];
}

/**
 * "This should have been X" (issue 19): the analysis goes into the project's message bank with the
 * categories it should have had, qualified, and tags — one step from a result to a test case.
 */
export const AddToBankButton = ({ projectId, analysisId, detected }: AddToBankButtonProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button variant="outlined" startIcon={<LibraryAdd />} onClick={() => setOpen(true)}>
        {translate('app.testing.addToBank.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate('app.testing.addToBank.title')}</DialogTitle>
        {open ? (
          <AddToBankForm
            projectId={projectId}
            analysisId={analysisId}
            detected={detected}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </Dialog>
    </>
  );
};

const AddToBankForm = ({
  projectId,
  analysisId,
  detected,
  onClose,
}: AddToBankButtonProps & { onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const [categories, setCategories] = useState<string[]>(detected);
  const [qualified, setQualified] = useState(true);
  const [tags, setTags] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const add = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await client.call(sampleAnalyses, {
        params: { projectId },
        body: {
          analysisIds: analysisId,
          tags: tags.split(/[\s,]+/).filter(Boolean),
          expectedCategories: categories,
          qualified,
        },
      });
      notify('app.testing.addToBank.added', { type: 'success' });
      onClose();
    } catch (failure) {
      setError(testingErrorMessage(failure, translate));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{translate('app.testing.addToBank.intro')}</DialogContentText>
          <Autocomplete
            multiple
            freeSolo
            options={detected}
            value={categories}
            onChange={(_event, value) => setCategories(value)}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate('app.testing.addToBank.categories')}
                helperText={translate('app.testing.addToBank.categoriesHelp')}
              />
            )}
          />
          <FormControlLabel
            control={
              <Checkbox checked={qualified} onChange={(event) => setQualified(event.target.checked)} />
            }
            label={translate('app.testing.addToBank.qualified')}
          />
          <TextField
            label={translate('app.testing.import.tags')}
            helperText={translate('app.testing.addToBank.tagsHelp')}
            value={tags}
            onChange={(event) => setTags(event.target.value)}
          />
          {error ? (
            <FormHelperText error role="alert">
              {error}
            </FormHelperText>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" loading={busy} onClick={() => void add()}>
          {translate('app.testing.addToBank.add')}
        </Button>
      </DialogActions>
    </>
  );
};
