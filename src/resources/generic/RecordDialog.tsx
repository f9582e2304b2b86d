import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import { useTranslate } from 'react-admin';
import { recordWording } from '../labels';
import type { ResourceDescriptor, RouteScope } from '../types';

export type RecordDialogState = { mode: 'create' } | { mode: 'edit' | 'show'; id: Identifier };

export interface RecordDialogProps {
  resource: ResourceDescriptor;
  scope: RouteScope;
  state: RecordDialogState | undefined;
  onClose: () => void;
  onCreated?: (record: RaRecord) => void;
}

/**
 * Where a list opens a record when its page gives no route for it: the generic create, edit or show
 * view in a dialog, so a new resource is usable with no page of its own. A form closes through its
 * own buttons only, so that unsaved changes always get the leave warning.
 */
export const RecordDialog = ({ resource, scope, state, onClose, onCreated }: RecordDialogProps) => {
  const translate = useTranslate();
  const says = recordWording(translate, resource);
  const titleId = useId();
  const { create: Create, edit: Edit, show: Show } = resource;
  const title = state ? says(state.mode) : '';
  const showing = state?.mode === 'show';
  return (
    <Dialog
      open={state !== undefined}
      onClose={showing ? onClose : undefined}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {state?.mode === 'create' ? (
          <Create
            resource={resource}
            scope={scope}
            onSaved={(record) => {
              onClose();
              onCreated?.(record);
            }}
            onCancel={onClose}
          />
        ) : null}
        {state?.mode === 'edit' ? (
          <Edit
            resource={resource}
            scope={scope}
            id={state.id}
            onSaved={onClose}
            onCancel={onClose}
            onDeleted={onClose}
          />
        ) : null}
        {state?.mode === 'show' ? <Show resource={resource} scope={scope} id={state.id} /> : null}
      </DialogContent>
      {showing ? (
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        </DialogActions>
      ) : null}
    </Dialog>
  );
};
