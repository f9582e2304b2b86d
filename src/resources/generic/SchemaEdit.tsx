import Alert from '@mui/material/Alert';
import { EditBase, ResourceContextProvider, useEditContext, useTranslate } from 'react-admin';
import { errorMessage } from '../../api';
import { PageLoader } from '../../components/PageLoader';
import type { EditViewProps } from '../types';
import { useResourceAccess } from '../useResourceAccess';
import { DeleteRecordButton } from './DeleteRecordButton';
import { SchemaForm } from './form/SchemaForm';

const EditForm = ({
  resource,
  scope,
  id,
  onSaved,
  onCancel,
  onDeleted,
  canDelete,
}: EditViewProps & { canDelete: boolean }) => {
  const { record, error, isPending, save, resource: apiResource } = useEditContext();
  if (isPending) return <PageLoader />;
  if (error || !record || !save) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return (
    <SchemaForm
      key={record.id}
      resource={resource}
      scope={scope}
      mode="edit"
      record={record}
      save={(data, callbacks) => save(data, callbacks)}
      onSaved={onSaved}
      onCancel={onCancel}
      actions={(form) =>
        canDelete && onDeleted ? (
          <DeleteRecordButton
            resource={resource}
            apiResource={apiResource}
            id={id}
            record={record}
            onDeleted={() => {
              form.release();
              onDeleted();
            }}
          />
        ) : null
      }
    />
  );
};

/**
 * The generated edit form of a record: read-only fields shown disabled, saved with PUT when the
 * server answers (pessimistic, so its refusals land on the form's fields).
 */
export const SchemaEdit = (props: EditViewProps) => {
  const translate = useTranslate();
  const { resource, scope, id } = props;
  const access = useResourceAccess(resource, scope, id);
  if (access.isPending) return <PageLoader />;
  if (!access.edit) return <Alert severity="warning">{translate('app.errors.accessDeniedHint')}</Alert>;
  return (
    <ResourceContextProvider value={resource.apiResource(resource.scopeIdOf(scope))}>
      {/* Access was checked above with the scope; react-admin's redirects lead to its own routes, not ours. */}
      <EditBase
        id={id}
        disableAuthentication
        mutationMode="pessimistic"
        redirect={false}
        redirectOnError={false}
      >
        <EditForm {...props} canDelete={access.delete} />
      </EditBase>
    </ResourceContextProvider>
  );
};
