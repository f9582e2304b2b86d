import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import { Confirm, useDelete, useNotify, useTranslate } from 'react-admin';
import { recordWording, refusalMessage } from '../labels';
import type { ResourceDescriptor } from '../types';

export interface DeleteRecordButtonProps {
  resource: ResourceDescriptor;
  /** The data provider's resource string (the API path). */
  apiResource: string;
  id: Identifier;
  record?: RaRecord;
  onDeleted: () => void;
}

/**
 * Deletes one record after a confirmation. A refusal (e.g. a project that still has priority
 * environments, spec §5) shows the server's message in the dialog, where the user is looking.
 */
export const DeleteRecordButton = ({
  resource,
  apiResource,
  id,
  record,
  onDeleted,
}: DeleteRecordButtonProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const says = recordWording(translate, resource);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [remove, { isPending }] = useDelete();
  const representation = record ? String(record[resource.hints.recordRepresentation] ?? '') : '';

  const confirm = () => {
    setRefusal(undefined);
    void remove(
      apiResource,
      { id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          // A resource may say more (an environment is deleted asynchronously, spec §4).
          notify(`resources.${resource.name}.notifications.deleted`, {
            type: 'info',
            messageArgs: { smart_count: 1, _: says('deleted') },
          });
          onDeleted();
        },
        onError: (error) => setRefusal(refusalMessage(translate, error)),
      },
    );
  };

  return (
    <>
      <Button color="error" startIcon={<DeleteOutline />} onClick={() => setConfirming(true)}>
        {translate('ra.action.delete')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={representation ? says('deleteTitle', { record: representation }) : 'ra.action.delete'}
        content={
          <>
            {says('deleteContent')}
            {refusal ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {refusal}
              </Alert>
            ) : null}
          </>
        }
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => {
          setConfirming(false);
          setRefusal(undefined);
        }}
      />
    </>
  );
};
