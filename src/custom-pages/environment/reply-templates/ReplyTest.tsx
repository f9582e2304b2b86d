import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { testReply } from '../../../../schemas/contracts/replies';
import { useApiClient } from '../../../providers/ServicesContext';
import { useTestRun } from '../../../providers/useTestRun';
import { Draft } from './Draft';
import { useTemplates } from './useTemplates';

type Answer = { text: string; prompt?: string; categories: string[] };

/** A text read by the pipeline up to the reply, with the chosen template: the draft, or the error. */
export const ReplyTest = ({ envId, resource }: { envId: string; resource: string }) => {
  const translate = useTranslate();
  const client = useApiClient();
  const { data: templates = [], isPending } = useTemplates(resource);
  const [chosen, setChosen] = useState<string>();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const { answer, error, busy, run: start } = useTestRun<Answer>();
  // The default template until the user picks another.
  const template = chosen ?? templates.find((t) => t.isDefault)?.name ?? templates[0]?.name ?? '';
  if (isPending) return null;
  if (templates.length === 0)
    return <Alert severity="info">{translate('app.replies.test.noTemplate')}</Alert>;

  const run = () =>
    start(() => client.call(testReply, { params: { envId }, body: { template, subject, text } }));
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={translate('app.replies.test.template')}
        value={template}
        onChange={(e) => setChosen(e.target.value)}
        sx={{ maxWidth: 360 }}
      >
        {templates.map((t) => (
          <MenuItem key={t.id} value={t.name}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={translate('app.replies.test.subject')}
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
      />
      <TextField
        label={translate('app.replies.test.text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={4}
      />
      <div>
        <Button variant="contained" onClick={() => void run()} disabled={busy || !text.trim() || !template}>
          {translate('app.replies.test.run')}
        </Button>
      </div>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {answer ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate('app.replies.test.categories', { categories: answer.categories.join(', ') || '—' })}
          </Typography>
          {answer.prompt !== undefined ? (
            <Draft title={translate('app.replies.test.prompt')} text={answer.prompt} />
          ) : null}
          <Draft title={translate('app.replies.test.reply')} text={answer.text} />
        </>
      ) : null}
    </Stack>
  );
};
