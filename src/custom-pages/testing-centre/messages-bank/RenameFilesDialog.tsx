import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useMemo, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import {
  RENAME_MAX_LENGTH,
  RENAME_MODES,
  renamed,
  renameRule,
  type RenameMode,
  type RenameOutcome,
  type RenameRule,
} from '../../../../schemas/bank-rename';
import { batchMessages } from '../../../../schemas/contracts/testing';
import { FormDialog, FormDialogBody, useSubmission } from '../../../components/FormDialog';
import { useApiClient } from '../../../providers/ServicesContext';
import { testingErrorMessage } from './testingErrors';
import type { NamedMessage } from './useSelectedMessages';

/** Separators offered by name: a space typed in a field cannot be seen. */
const SEPARATORS = { space: ' ', underscore: '_', hyphen: '-', dot: '.', none: '' } as const;
type Separator = keyof typeof SEPARATORS;

interface Draft {
  mode: RenameMode;
  find: string;
  replaceWith: string;
  text: string;
  position: 'before' | 'after';
  separator: Exclude<Separator, 'none'>;
  newSeparator: Separator;
  name: string;
  startIndex: string;
}

const START: Draft = {
  mode: 'replace',
  find: '',
  replaceWith: '',
  text: '',
  position: 'after',
  separator: 'underscore',
  newSeparator: 'space',
  name: '',
  startIndex: '1',
};

const ruleOf = (d: Draft): RenameRule => {
  switch (d.mode) {
    case 'replace':
      return { mode: d.mode, find: d.find, replaceWith: d.replaceWith };
    case 'add':
      return { mode: d.mode, text: d.text, position: d.position };
    case 'separator':
      return { mode: d.mode, find: SEPARATORS[d.separator], replaceWith: SEPARATORS[d.newSeparator] };
    case 'nameAndIndex':
      return { mode: d.mode, name: d.name, startIndex: Number(d.startIndex === '' ? NaN : d.startIndex) };
  }
};

/** The preview of a rule: the server's own renaming, or every name as it is while the rule is incomplete. */
const previewOf = (names: string[], d: Draft): { rule?: RenameRule; outcomes: RenameOutcome[] } => {
  const parsed = renameRule.safeParse(ruleOf(d));
  if (!parsed.success) return { outcomes: names.map((before) => ({ before, after: before })) };
  return { rule: parsed.data, outcomes: renamed(names, parsed.data) };
};

/**
 * Renames the selected messages of the bank by a rule (replace, add, separator, name and index),
 * showing each original name beside its new one, computed as the server will, before applying.
 */
export const RenameFilesDialog = ({
  open,
  projectId,
  messages,
  isPending = false,
  missing = 0,
  onClose,
  onRenamed,
}: {
  open: boolean;
  projectId: string;
  /** In the order the list shows them: the order `nameAndIndex` numbers them in. */
  messages: NamedMessage[];
  /** While the names of messages selected on other pages are read. */
  isPending?: boolean;
  /** Selected messages that could not be read: left out. */
  missing?: number;
  onClose: () => void;
  onRenamed: () => void;
}) => {
  const translate = useTranslate();
  return (
    <FormDialog
      open={open}
      title={translate('app.testing.rename.title', { smart_count: messages.length })}
      onClose={onClose}
    >
      <RenameFilesForm
        projectId={projectId}
        messages={messages}
        isPending={isPending}
        missing={missing}
        onClose={onClose}
        onRenamed={onRenamed}
      />
    </FormDialog>
  );
};

const RenameFilesForm = ({
  projectId,
  messages,
  isPending,
  missing,
  onClose,
  onRenamed,
}: {
  projectId: string;
  messages: NamedMessage[];
  isPending: boolean;
  missing: number;
  onClose: () => void;
  onRenamed: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const client = useApiClient();
  const [draft, setDraft] = useState<Draft>(START);
  const { busy, error, submit } = useSubmission((failure) => testingErrorMessage(failure, translate));
  // Typing stays quick with a thousand names: the preview follows a step behind.
  const shown = useDeferredValue(draft);
  const names = useMemo(() => messages.map((m) => m.name), [messages]);
  const { rule, outcomes } = useMemo(() => previewOf(names, shown), [names, shown]);
  const ready =
    rule !== undefined &&
    shown === draft &&
    !isPending &&
    outcomes.every((o) => !o.error) &&
    outcomes.some((o) => o.after !== o.before);

  const set =
    <K extends keyof Draft>(key: K) =>
    (event: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [key]: event.target.value as Draft[K] }));
  const field = (key: 'find' | 'replaceWith' | 'text' | 'name') => (
    <TextField label={translate(`app.testing.rename.${key}`)} value={draft[key]} onChange={set(key)} />
  );
  const choice = <K extends keyof Draft>(key: K, options: readonly string[], keys: string) => (
    <TextField select label={translate(`app.testing.rename.${key}`)} value={draft[key]} onChange={set(key)}>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {translate(`app.testing.rename.${keys}.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  const separators = Object.keys(SEPARATORS);
  const toFind = separators.filter((s) => s !== 'none');

  const apply = () =>
    submit(async () => {
      if (!rule) return;
      const { changed } = await client.call(batchMessages, {
        params: { projectId },
        body: { ids: messages.map((m) => m.id), action: { type: 'renameFiles', rule } },
      });
      notify('app.testing.rename.done', { type: 'success', messageArgs: { smart_count: changed } });
      refresh();
      onRenamed();
      onClose();
    });

  return (
    <FormDialogBody
      error={error}
      busy={busy}
      submitLabel={translate('app.testing.rename.apply')}
      submitDisabled={!ready}
      onSubmit={() => void apply()}
      onCancel={onClose}
    >
      {choice('mode', RENAME_MODES, 'modes')}
      {draft.mode === 'replace' ? (
        <Stack direction="row" spacing={2}>
          {field('find')}
          {field('replaceWith')}
        </Stack>
      ) : null}
      {draft.mode === 'add' ? (
        <Stack direction="row" spacing={2}>
          {field('text')}
          {choice('position', ['before', 'after'], 'positions')}
        </Stack>
      ) : null}
      {draft.mode === 'separator' ? (
        <Stack direction="row" spacing={2}>
          {choice('separator', toFind, 'separators')}
          {choice('newSeparator', separators, 'separators')}
        </Stack>
      ) : null}
      {draft.mode === 'nameAndIndex' ? (
        <Stack direction="row" spacing={2}>
          {field('name')}
          <TextField
            type="number"
            label={translate('app.testing.rename.startIndex')}
            value={draft.startIndex}
            onChange={set('startIndex')}
            slotProps={{ htmlInput: { min: 0 } }}
          />
        </Stack>
      ) : null}
      <Alert severity="info">{translate(`app.testing.rename.help.${draft.mode}`)}</Alert>
      {missing > 0 ? (
        <Alert severity="warning">{translate('app.testing.rename.missing', { smart_count: missing })}</Alert>
      ) : null}
      <RenamePreview outcomes={outcomes} />
    </FormDialogBody>
  );
};

/** Each original name beside its new one; a name that cannot be given says why on its row. */
const RenamePreview = ({ outcomes }: { outcomes: RenameOutcome[] }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
      <Table size="small" stickyHeader aria-label={translate('app.testing.rename.preview')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.testing.rename.original')}</TableCell>
            <TableCell>{translate('app.testing.rename.modified')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {outcomes.map(({ before, after, error }, i) => (
            <TableRow key={i}>
              <TableCell sx={{ wordBreak: 'break-word' }}>{before}</TableCell>
              <TableCell
                sx={{
                  wordBreak: 'break-word',
                  color: error ? 'error.main' : after === before ? 'text.secondary' : undefined,
                }}
              >
                {error
                  ? translate(`app.testing.errors.${error}`, { name: before, max: RENAME_MAX_LENGTH })
                  : after}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
