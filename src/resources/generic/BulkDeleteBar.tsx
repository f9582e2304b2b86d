import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import {
  Confirm,
  useDeleteMany,
  useListContext,
  useNotify,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { recordWording, refusalMessage, useResourceLabels } from '../labels';
import type { ResourceDescriptor } from '../types';

/**
 * Shown while rows are selected: how many, the page's own bulk actions, and deleting them after a
 * confirmation (where the user may delete).
 */
export const BulkDeleteBar = ({
  resource,
  canDelete = true,
  actions,
}: {
  resource: ResourceDescriptor;
  canDelete?: boolean;
  actions?: ReactNode;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const labels = useResourceLabels(resource);
  const says = recordWording(translate, resource);
  const apiResource = useResourceContext();
  const { selectedIds, onUnselectItems } = useListContext();
  const [confirming, setConfirming] = useState(false);
  const [deleteMany, { isPending }] = useDeleteMany();
  const count = selectedIds.length;
  if (count === 0) return null;

  const confirm = () =>
    deleteMany(
      apiResource,
      { ids: selectedIds },
      {
        onSuccess: () => {
          notify(says('deleted', { count }), { type: 'info' });
          onUnselectItems();
          setConfirming(false);
        },
        onError: (error) => {
          // The server's reason (e.g. a record still in use) is what the user needs to read.
          notify(refusalMessage(translate, error), { type: 'error' });
          setConfirming(false);
        },
      },
    );

  return (
    <Toolbar variant="dense" sx={{ bgcolor: 'action.selected', gap: 2 }}>
      <Typography sx={{ flex: 1 }}>{translate('ra.action.bulk_actions', { smart_count: count })}</Typography>
      {actions}
      {canDelete ? (
        <Button color="error" startIcon={<DeleteOutline />} onClick={() => setConfirming(true)}>
          {translate('ra.action.delete')}
        </Button>
      ) : null}
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="ra.message.bulk_delete_title"
        content="ra.message.bulk_delete_content"
        titleTranslateOptions={{ smart_count: count, name: labels.name(count) }}
        contentTranslateOptions={{ smart_count: count, name: labels.name(1) }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={() => confirm()}
        onClose={() => setConfirming(false)}
      />
    </Toolbar>
  );
};
