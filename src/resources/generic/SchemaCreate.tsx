import Alert from '@mui/material/Alert';
import { CreateBase, ResourceContextProvider, useCreateContext, useTranslate } from 'react-admin';
import { PageLoader } from '../../components/PageLoader';
import type { CreateViewProps } from '../types';
import { useResourceAccess } from '../useResourceAccess';
import { SchemaForm } from './form/SchemaForm';

const CreateForm = ({ resource, scope, onSaved, onCancel }: CreateViewProps) => {
  const { save } = useCreateContext();
  if (!save) return null;
  return (
    <SchemaForm
      resource={resource}
      scope={scope}
      mode="create"
      save={(data, callbacks) => save(data, callbacks)}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
};

/**
 * The generated create form of a resource in a scope: its defaults from the schema (e.g. the AI
 * version v4 of a new environment), the scope field added for `top` addressing.
 */
export const SchemaCreate = (props: CreateViewProps) => {
  const translate = useTranslate();
  const { resource, scope } = props;
  const access = useResourceAccess(resource, scope);
  if (access.isPending) return <PageLoader />;
  if (!access.create) return <Alert severity="warning">{translate('app.errors.accessDeniedHint')}</Alert>;
  return (
    <ResourceContextProvider value={resource.apiResource(resource.scopeIdOf(scope))}>
      {/* Access was checked above with the scope, which react-admin's own check would not know. */}
      <CreateBase disableAuthentication redirect={false}>
        <CreateForm {...props} />
      </CreateBase>
    </ResourceContextProvider>
  );
};
