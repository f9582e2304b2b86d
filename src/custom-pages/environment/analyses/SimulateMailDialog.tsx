import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { MAX_MAIL_ATTACHMENTS, UPLOAD_MAX_BYTES } from '../../../../schemas/contracts/analyses';
import { mailAddressesAreValid } from '../../../../schemas/mail-addresses';
import { ChosenFiles } from './ChosenFiles';
import { FilePicker } from './components/FilePicker';
import { MetadataEditor, metadataProblems, toMetadata, type MetadataRow } from './components/MetadataEditor';
import { uploadProblems } from './components/uploadRules';
import { useCreateAnalysis } from './useCreateAnalysis';

interface DialogProps {
  open: boolean;
  envId: string;
  onClose: () => void;
}

/** "Simulate a mail" (spec §2–3): analysed as if it had arrived, attachments included. */
export const SimulateMailDialog = ({ open, envId, onClose }: DialogProps) => {
  const titleId = useId();
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('app.analyses.mail.title')}</DialogTitle>
      {open ? <SimulateMailForm envId={envId} onClose={onClose} /> : null}
    </Dialog>
  );
};

const SimulateMailForm = ({ envId, onClose }: Omit<DialogProps, 'open'>) => {
  const translate = useTranslate();
  const { create, busy, errors } = useCreateAnalysis(envId);
  const [mail, setMail] = useState({ to: '', from: '', subject: '', body: '' });
  const [attachments, setAttachments] = useState<File[]>([]);
  const [metadata, setMetadata] = useState<MetadataRow[]>([]);
  const [submitted, setSubmitted] = useState(false);

  const addressError = (field: 'to' | 'from') => {
    const value = mail[field].trim();
    if (submitted && value === '') return translate('ra.validation.required');
    if (value !== '' && submitted && !mailAddressesAreValid(value))
      return translate('app.analyses.mail.invalidAddress');
    return errors[field];
  };
  const problems = uploadProblems(attachments, { maxFiles: MAX_MAIL_ATTACHMENTS }).map((p) =>
    translate(p.key, p.values),
  );
  const attachmentsError = problems.join(' ') || errors.attachments;

  const submit = async () => {
    setSubmitted(true);
    const valid = [mail.to, mail.from].every((value) => value.trim() !== '' && mailAddressesAreValid(value));
    if (!valid || problems.length > 0) return;
    if (metadataProblems(metadata).some((problem) => problem.key || problem.value)) return;
    if (await create({ type: 'mail', ...mail, attachments, metadata: toMetadata(metadata) })) onClose();
  };

  const field = (name: keyof typeof mail, extra: { multiline?: boolean; helperText?: string } = {}) => {
    const error = name === 'to' || name === 'from' ? addressError(name) : undefined;
    return (
      <TextField
        label={translate(`app.analyses.mail.${name}`)}
        value={mail[name]}
        onChange={(event) => setMail({ ...mail, [name]: event.target.value })}
        required={name === 'to' || name === 'from'}
        error={Boolean(error)}
        helperText={error ?? extra.helperText}
        multiline={extra.multiline}
        minRows={extra.multiline ? 6 : undefined}
      />
    );
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('from')}
          {field('to', { helperText: translate('app.analyses.mail.toHelp') })}
          {field('subject')}
          {field('body', { multiline: true })}
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <FilePicker
              multiple
              label={translate('app.analyses.mail.addAttachments')}
              onPick={(picked) => setAttachments([...attachments, ...picked])}
            />
            <ChosenFiles
              files={attachments}
              onRemove={(index) => setAttachments(attachments.filter((_file, i) => i !== index))}
            />
            <FormHelperText error={Boolean(attachmentsError)} role={attachmentsError ? 'alert' : undefined}>
              {attachmentsError ??
                translate('app.analyses.mail.attachmentsHelp', {
                  count: MAX_MAIL_ATTACHMENTS,
                  max: Math.round(UPLOAD_MAX_BYTES / 1_048_576),
                })}
            </FormHelperText>
          </Stack>
          <MetadataEditor
            rows={metadata}
            onChange={setMetadata}
            submitted={submitted}
            error={errors.metadata}
          />
          {errors.form ? <FormHelperText error>{errors.form}</FormHelperText> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={busy}>
          {translate('app.analyses.mail.send')}
        </Button>
      </DialogActions>
    </>
  );
};
