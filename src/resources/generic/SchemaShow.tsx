import Alert from '@mui/material/Alert';
import { ResourceContextProvider, ShowBase, useLocale, useShowContext, useTranslate } from 'react-admin';
import { errorMessage } from '../../api';
import { DetailList } from '../../components/DetailList';
import { PageLoader } from '../../components/PageLoader';
import { useResourceLabels } from '../labels';
import type { ShowViewProps } from '../types';
import { useResourceAccess } from '../useResourceAccess';
import { FieldValue } from './fieldTypes';

const ShowDetails = ({ resource }: ShowViewProps) => {
  const translate = useTranslate();
  const locale = useLocale();
  const labels = useResourceLabels(resource);
  const { record, error, isPending } = useShowContext();
  if (isPending) return <PageLoader />;
  if (error || !record) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return (
    <DetailList
      items={resource.fields.map((field) => ({
        label: labels.field(field.name),
        value: (
          <FieldValue
            value={record[field.name]}
            field={field}
            labels={labels}
            translate={translate}
            locale={locale}
          />
        ),
      }))}
    />
  );
};

/** The generated read-only view of a record: every field of its schema, shown as lists show them. */
export const SchemaShow = (props: ShowViewProps) => {
  const translate = useTranslate();
  const { resource, scope, id } = props;
  const access = useResourceAccess(resource, scope, id);
  if (access.isPending) return <PageLoader />;
  if (!access.show) return <Alert severity="warning">{translate('app.errors.accessDeniedHint')}</Alert>;
  return (
    <ResourceContextProvider value={resource.apiResource(resource.scopeIdOf(scope))}>
      <ShowBase id={id} disableAuthentication redirectOnError={false}>
        <ShowDetails {...props} />
      </ShowBase>
    </ResourceContextProvider>
  );
};
