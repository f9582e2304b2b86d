import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import EditNote from '@mui/icons-material/EditNote';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { CATEGORY_KINDS, CLASSIFICATION_KINDS, splitTyped } from '../../../../schemas/bank-message.schema';
import { batchMessages, type BatchAction } from '../../../../schemas/contracts/testing';
import { FormDialog, FormDialogBody, useSubmission } from '../../../components/FormDialog';
import { useApiClient } from '../../../providers/ServicesContext';
import { LaunchTestDialog } from '../tests/LaunchTestDialog';
import { RenameFilesDialog } from './RenameFilesDialog';
import { testingErrorMessage } from './testingErrors';
import { useSelectedMessages } from './useSelectedMessages';

const ACTIONS = [
  'addTags',
  'removeTags',
  'addCategories',
  'addExtractions',
  'renameClassification',
  'setNote',
] as const;
type ActionType = (typeof ACTIONS)[number];
const VALUE_KINDS = ['extracted_informations', 'extracted_informations_attachments', 'rpa'] as const;

const names = (text: string) =>
  text
    .split(/[,\n]/)
    .map((n) => n.trim())
    .filter(Boolean);

/**
 * The bank's batch actions on the selected messages (spec pipeline §2): tags, expected categories
 * and extractions, a classification renamed, a note, the files renamed — and a test of the tag they
 * all carry.
 */
export const BankBulkActions = ({ projectId }: { projectId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { selectedIds, data = [], onUnselectItems } = useListContext();
  const [editing, setEditing] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [testTag, setTestTag] = useState<string>();
  const selection = useSelectedMessages(renaming);

  // Spec §5: a batch test launch needs a tag every selected message carries.
  const launch = () => {
    const selected = data.filter((record) => selectedIds.includes(record.id));
    const [first, ...others] = selected.map((record) =>
      Array.isArray(record.tags) ? (record.tags as string[]) : [],
    );
    const common = (first ?? []).filter((tag) => others.every((tags) => tags.includes(tag)));
    if (common.length === 0 || selected.length < selectedIds.length)
      notify('app.testing.batch.noCommonTag', { type: 'warning' });
    else setTestTag(common[0]);
  };

  return (
    <>
      <Button startIcon={<EditNote />} onClick={() => setEditing(true)}>
        {translate('app.testing.batch.edit')}
      </Button>
      <Button startIcon={<DriveFileRenameOutline />} onClick={() => setRenaming(true)}>
        {translate('app.testing.rename.button')}
      </Button>
      <Button startIcon={<PlayArrow />} onClick={launch}>
        {translate('app.testing.batch.test')}
      </Button>
      <BatchDialog
        open={editing}
        projectId={projectId}
        ids={selectedIds.map(String)}
        onClose={() => setEditing(false)}
      />
      <RenameFilesDialog
        open={renaming}
        projectId={projectId}
        {...selection}
        onClose={() => setRenaming(false)}
        onRenamed={onUnselectItems}
      />
      <LaunchTestDialog
        open={testTag !== undefined}
        projectId={projectId}
        initialTag={testTag}
        onClose={() => setTestTag(undefined)}
      />
    </>
  );
};

const BatchDialog = ({
  open,
  projectId,
  ids,
  onClose,
}: {
  open: boolean;
  projectId: string;
  ids: string[];
  onClose: () => void;
}) => {
  const translate = useTranslate();
  return (
    <FormDialog
      open={open}
      title={translate('app.testing.batch.title', { smart_count: ids.length })}
      onClose={onClose}
    >
      <BatchForm projectId={projectId} ids={ids} onClose={onClose} />
    </FormDialog>
  );
};

const BatchForm = ({
  projectId,
  ids,
  onClose,
}: {
  projectId: string;
  ids: string[];
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const client = useApiClient();
  const { onUnselectItems } = useListContext();
  const [type, setType] = useState<ActionType>('addTags');
  const [text, setText] = useState('');
  const [value, setValue] = useState('');
  const [renamed, setRenamed] = useState('');
  const [kind, setKind] = useState<string>('categories');
  const [qualify, setQualify] = useState(true);
  const { busy, error, submit } = useSubmission((failure) => testingErrorMessage(failure, translate));

  const kinds: readonly string[] =
    type === 'addCategories'
      ? CATEGORY_KINDS
      : type === 'addExtractions'
        ? VALUE_KINDS
        : CLASSIFICATION_KINDS;
  const chosenKind = kinds.includes(kind) ? kind : kinds[0];
  const action = (): BatchAction => {
    switch (type) {
      case 'addTags':
      case 'removeTags':
        return { type, tags: splitTyped(text) };
      case 'addCategories':
        return { type, kind: chosenKind as (typeof CATEGORY_KINDS)[number], names: names(text), qualify };
      case 'addExtractions':
        return {
          type,
          kind: chosenKind as (typeof VALUE_KINDS)[number],
          values: [{ name: text.trim(), value }],
          qualify,
        };
      case 'renameClassification':
        return {
          type,
          kind: chosenKind as (typeof CLASSIFICATION_KINDS)[number],
          from: text.trim(),
          to: renamed.trim(),
        };
      case 'setNote':
        return { type, note: text };
    }
  };

  const apply = () =>
    submit(async () => {
      const { changed } = await client.call(batchMessages, {
        params: { projectId },
        body: { ids, action: action() },
      });
      notify('app.testing.batch.done', { type: 'success', messageArgs: { smart_count: changed } });
      refresh();
      onUnselectItems();
      onClose();
    });

  const textLabel = {
    addTags: 'app.testing.import.tags',
    removeTags: 'app.testing.import.tags',
    addCategories: 'app.testing.batch.categories',
    addExtractions: 'app.testing.batch.field',
    renameClassification: 'app.testing.batch.from',
    setNote: 'resources.messages.fields.note',
  }[type];

  return (
    <FormDialogBody
      error={error}
      busy={busy}
      submitLabel={translate('app.testing.batch.apply')}
      onSubmit={() => void apply()}
      onCancel={onClose}
    >
      <TextField
        select
        label={translate('app.testing.batch.action')}
        value={type}
        onChange={(event) => setType(event.target.value as ActionType)}
      >
        {ACTIONS.map((a) => (
          <MenuItem key={a} value={a}>
            {translate(`app.testing.batch.actions.${a}`)}
          </MenuItem>
        ))}
      </TextField>
      {type !== 'addTags' && type !== 'removeTags' && type !== 'setNote' ? (
        <TextField
          select
          label={translate('app.testing.batch.kind')}
          value={chosenKind}
          onChange={(event) => setKind(event.target.value)}
        >
          {kinds.map((k) => (
            <MenuItem key={k} value={k}>
              {translate(`resources.messages.fields.expected.${k}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <TextField
        label={translate(textLabel)}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline={type === 'setNote'}
        minRows={type === 'setNote' ? 3 : undefined}
        helperText={
          type === 'addCategories'
            ? translate('app.testing.batch.categoriesHelp')
            : type === 'addTags' || type === 'removeTags'
              ? translate('app.testing.addToBank.tagsHelp')
              : undefined
        }
      />
      {type === 'addExtractions' ? (
        <TextField
          label={translate('app.testing.batch.value')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      ) : null}
      {type === 'renameClassification' ? (
        <TextField
          label={translate('app.testing.batch.to')}
          value={renamed}
          onChange={(event) => setRenamed(event.target.value)}
        />
      ) : null}
      {type === 'addCategories' || type === 'addExtractions' ? (
        <FormControlLabel
          control={<Checkbox checked={qualify} onChange={(event) => setQualify(event.target.checked)} />}
          label={translate('app.testing.batch.qualify')}
        />
      ) : null}
    </FormDialogBody>
  );
};
