import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { UPLOAD_MAX_BYTES } from '../../../../schemas/contracts/analyses';
import { BANK_IMPORT_MAX_FILES, BANK_IMPORT_MAX_TOTAL_BYTES } from '../../../../schemas/contracts/testing';
import { SUPPORTED_EXTENSIONS } from '../../../../schemas/extractor-settings';
import { FilePicker } from '../../environment/analyses/components/FilePicker';
import { megabytes, type BankImport, type Fate } from './useBankImport';

const fateColour = (fate: Fate) =>
  fate.state === 'success'
    ? 'success.main'
    : fate.state === 'waiting' || fate.state === 'sending'
      ? 'text.secondary'
      : 'error';

/** The import's form, in the dialog or on its page: files, tags, each file's fate, the summary. */
export const ImportFields = ({ bankImport }: { bankImport: BankImport }) => {
  const translate = useTranslate();
  const { files, shown, started, finished } = bankImport;
  return (
    <Stack spacing={2}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FilePicker
          label={translate('app.testing.import.choose')}
          multiple
          disabled={started}
          onPick={bankImport.addFiles}
        />
        <FormHelperText>
          {translate('app.testing.import.rules', {
            extensions: SUPPORTED_EXTENSIONS.join(', '),
            max: megabytes(UPLOAD_MAX_BYTES),
            count: BANK_IMPORT_MAX_FILES,
            total: megabytes(BANK_IMPORT_MAX_TOTAL_BYTES),
          })}
        </FormHelperText>
      </Stack>
      <TextField
        label={translate('app.testing.import.tags')}
        helperText={translate('app.testing.import.tagsHelp')}
        value={bankImport.tags}
        disabled={started}
        onChange={(event) => bankImport.setTags(event.target.value)}
      />
      {files.length > 0 ? (
        <List dense aria-label={translate('app.testing.import.files')}>
          {files.map((file, index) => {
            const fate = shown[index];
            return (
              <ListItem key={`${file.name}-${index}`} disableGutters>
                <ListItemText
                  primary={file.name}
                  secondary={
                    translate(`app.testing.import.fates.${fate.state}`) +
                    ('reason' in fate ? ` — ${fate.reason}` : '')
                  }
                  slotProps={{ secondary: { color: fateColour(fate) } }}
                />
              </ListItem>
            );
          })}
        </List>
      ) : null}
      {finished ? (
        <FormHelperText role="status">
          {translate('app.testing.import.summary', bankImport.counts)}
        </FormHelperText>
      ) : null}
    </Stack>
  );
};

/** Starts the import; gone once it finished. */
export const ImportStartButton = ({ bankImport }: { bankImport: BankImport }) => {
  const translate = useTranslate();
  return bankImport.finished ? null : (
    <Button
      variant="contained"
      loading={bankImport.busy}
      disabled={!bankImport.canStart}
      onClick={() => void bankImport.start()}
    >
      {translate('app.testing.import.start')}
    </Button>
  );
};
