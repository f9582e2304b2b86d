import LibraryAdd from '@mui/icons-material/LibraryAddOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { sampleAnalyses } from '../../../../schemas/contracts/testing';
import { FormDialog, FormDialogBody, useSubmission } from '../../../components/FormDialog';
import { splitTyped } from '../../../../schemas/bank-message.schema';
import { useApiClient } from '../../../providers/ServicesContext';
import { testingErrorMessage } from './testingErrors';

interface AddToBankButtonProps {
  projectId: string;
  analysisId: string;
  /** What the analysis detected: the expectation offered, to keep or correct. */
  detected: string[];
}

/**
 * "This should have been X" (docs/testing-centre.md, "The message bank"): the analysis goes into
 * the project's message bank with the categories it should have had, qualified, and tags — one step
 * from a result to a test case.
 */
export const AddToBankButton = (props: AddToBankButtonProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<LibraryAdd />} onClick={() => setOpen(true)}>
        {translate('app.testing.addToBank.button')}
      </Button>
      <FormDialog open={open} title={translate('app.testing.addToBank.title')} onClose={() => setOpen(false)}>
        <AddToBankForm {...props} onClose={() => setOpen(false)} />
      </FormDialog>
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
  const { busy, error, submit } = useSubmission((failure) => testingErrorMessage(failure, translate));

  const add = async () => {
    const added = await submit(async () => {
      await client.call(sampleAnalyses, {
        params: { projectId },
        body: {
          analysisIds: analysisId,
          tags: splitTyped(tags),
          expectedCategories: categories,
          qualified,
        },
      });
    });
    if (!added) return;
    notify('app.testing.addToBank.added', { type: 'success' });
    onClose();
  };

  return (
    <FormDialogBody
      error={error}
      busy={busy}
      submitLabel={translate('app.testing.addToBank.add')}
      onSubmit={() => void add()}
      onCancel={onClose}
    >
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
        control={<Checkbox checked={qualified} onChange={(event) => setQualified(event.target.checked)} />}
        label={translate('app.testing.addToBank.qualified')}
      />
      <TextField
        label={translate('app.testing.import.tags')}
        helperText={translate('app.testing.addToBank.tagsHelp')}
        value={tags}
        onChange={(event) => setTags(event.target.value)}
      />
    </FormDialogBody>
  );
};
