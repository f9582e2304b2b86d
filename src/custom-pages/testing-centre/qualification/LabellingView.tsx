import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  CATEGORY_KINDS,
  QUALIFICATION_STATUSES,
  qualificationStatusOf,
} from '../../../../schemas/bank-message.schema';
import { bankMessageContent, qualificationOverview } from '../../../../schemas/contracts/testing';
import { PageLoader } from '../../../components/PageLoader';
import { useApiClient } from '../../../providers/ServicesContext';
import { useCall } from '../../../providers/useCall';
import { type BankMessage, type Expected, type Qualification, useBankMessages } from './useBankMessages';

const PER_PAGE = 25;
/** Characters of a message's content shown while labelling; the rest is downloadable. */
const SHOWN_CHARACTERS = 20_000;

/** Files read as text while labelling: a mail's source, plain text and data files. */
const READABLE_FILE = /\.(eml|txt|csv|json|md|html?|xml)$/i;

/** What the message says, to label it: its text, or its mail's source; a binary file by name only. */
const MessageContent = ({ projectId, message }: { projectId: string; message: BankMessage }) => {
  const translate = useTranslate();
  const client = useApiClient();
  const [text, setText] = useState<string | null>(message.inputType === 'text' ? (message.text ?? '') : null);
  const readable = message.inputType === 'mail' || READABLE_FILE.test(message.filename ?? '');
  useEffect(() => {
    if (!readable) return;
    let live = true;
    client
      .call(bankMessageContent, { params: { projectId, id: message.id } })
      .then((file) => file.blob.text())
      .then((content) => live && setText(content))
      .catch(() => live && setText(null));
    return () => {
      live = false;
    };
  }, [client, projectId, message.id, readable]);
  if (text === null)
    return (
      <Typography color="text.secondary">{translate('app.testing.qualification.binaryContent')}</Typography>
    );
  return (
    <Typography
      component="pre"
      variant="body2"
      sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 480, overflow: 'auto', m: 0 }}
    >
      {text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text}
    </Typography>
  );
};

/** Where a key belongs to what has the focus: a field being typed in, or an open list or menu. */
const ownsKeys = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="listbox"], [role="menu"], [role="dialog"]') !== null);

/**
 * The category kinds' expectations of one message, edited before they are saved. The keyboard walks
 * the messages as the page's hint says (app.testing.qualification.keys): → and ← outside the fields,
 * Q to qualify every category kind with the expectations shown and go on, Ctrl+Enter to save and go
 * on from anywhere.
 */
const Labels = ({
  message,
  options,
  onSave,
  onMove,
  saving,
}: {
  message: BankMessage;
  options: string[];
  onSave: (change: { expected: Expected; qualification: Qualification }) => void;
  onMove: (by: 1 | -1) => void;
  saving: boolean;
}) => {
  const translate = useTranslate();
  const [expected, setExpected] = useState<Expected>(message.expected);
  const [qualification, setQualification] = useState<Qualification>(message.qualification);
  // The listener reads the latest state and handlers without being added again at each change.
  const latest = useRef({ expected, qualification, saving, onSave, onMove });
  latest.current = { expected, qualification, saving, onSave, onMove };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const now = latest.current;
      if (event.defaultPrevented || now.saving) return;
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault();
        now.onSave({ expected: now.expected, qualification: now.qualification });
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || ownsKeys(event.target)) return;
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        now.onMove(event.key === 'ArrowRight' ? 1 : -1);
      } else if (event.key === 'q' || event.key === 'Q') {
        event.preventDefault();
        const all: Qualification = { ...now.qualification };
        for (const kind of CATEGORY_KINDS) all[kind] = 'qualified';
        setQualification(all);
        now.onSave({ expected: now.expected, qualification: all });
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Stack spacing={2}>
      {CATEGORY_KINDS.map((kind) => {
        const label = translate(`resources.messages.fields.expected.${kind}`);
        return (
          <Stack key={kind} spacing={1}>
            <Autocomplete
              multiple
              freeSolo
              options={options}
              value={(expected[kind] ?? []) as string[]}
              onChange={(_, value) => setExpected({ ...expected, [kind]: value.map(String) })}
              renderInput={(params) => <TextField {...params} label={label} />}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={qualification[kind] === 'qualified'}
                  onChange={(e) => {
                    const next = { ...qualification };
                    if (e.target.checked) next[kind] = 'qualified';
                    else delete next[kind];
                    setQualification(next);
                  }}
                />
              }
              label={translate('app.testing.qualification.kindQualified', { kind: label })}
            />
          </Stack>
        );
      })}
      <Button variant="contained" disabled={saving} onClick={() => onSave({ expected, qualification })}>
        {translate('app.testing.qualification.saveAndNext')}
      </Button>
    </Stack>
  );
};

/**
 * The labelling view: the messages one at a time (of the tag, of a qualification status), their
 * content beside the category expectations to fill in and qualify; "save and next" walks on.
 */
export const LabellingView = ({ projectId, tag }: { projectId: string; tag: string }) => {
  const translate = useTranslate();
  const [status, setStatus] = useState<string>('not_qualified');
  const [page, setPage] = useState(1);
  const [index, setIndex] = useState(0);
  const [saving, setSaving] = useState(false);
  const messages = useBankMessages(projectId, { tag, status, page, perPage: PER_PAGE });
  const overview = useCall(qualificationOverview, { params: { projectId }, query: tag ? { tag } : {} });
  const total = messages.total ?? 0;
  const position = (page - 1) * PER_PAGE + index;
  const message = messages.data?.[index];

  const move = (to: number) => {
    if (to < 0 || to >= total) return;
    setPage(Math.floor(to / PER_PAGE) + 1);
    setIndex(to % PER_PAGE);
  };
  const save = async (change: { expected: Expected; qualification: Qualification }) => {
    if (!message) return;
    setSaving(true);
    const saved = await messages.save(message, change);
    setSaving(false);
    // A message that left the status shown is no longer in the list: the next one takes its place.
    const stays = status === '' || qualificationStatusOf(change.expected, change.qualification) === status;
    if (saved && stays) move(position + 1);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('resources.messages.fields.qualificationStatus')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            move(0);
          }}
          sx={{ minWidth: 220, maxWidth: 320, flex: 1 }}
        >
          <MenuItem value="">{translate('app.testing.qualification.allStatuses')}</MenuItem>
          {QUALIFICATION_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`resources.messages.values.qualificationStatus.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button startIcon={<NavigateBefore />} disabled={position <= 0} onClick={() => move(position - 1)}>
          {translate('app.testing.qualification.previous')}
        </Button>
        <Typography sx={{ whiteSpace: 'nowrap' }}>
          {total === 0 ? '' : translate('app.testing.qualification.position', { n: position + 1, total })}
        </Typography>
        <Button
          endIcon={<NavigateNext />}
          disabled={position + 1 >= total}
          onClick={() => move(position + 1)}
        >
          {translate('app.testing.qualification.next')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate('app.testing.qualification.keys')}
      </Typography>
      {messages.isPending ? <PageLoader /> : null}
      {!messages.isPending && !message ? (
        <Alert severity="info">{translate('app.testing.qualification.nothingToLabel')}</Alert>
      ) : null}
      {message ? (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Paper variant="outlined" sx={{ p: 2, flex: 3, minWidth: 0 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {message.name}
            </Typography>
            <MessageContent key={message.id} projectId={projectId} message={message} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, flex: 2, minWidth: 280 }}>
            <Labels
              key={message.id}
              message={message}
              options={overview.data?.categories ?? []}
              saving={saving}
              onSave={(change) => void save(change)}
              onMove={(by) => move(position + by)}
            />
          </Paper>
        </Stack>
      ) : null}
    </Stack>
  );
};
