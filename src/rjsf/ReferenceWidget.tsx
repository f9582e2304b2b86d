import type { WidgetProps } from '@rjsf/utils';
import { useGetList } from 'react-admin';
import { getResource } from '../resources/registry';
import { scopeOf } from './formContext';

/** More records than anyone picks from a menu; a searchable picker can come when a scope grows past it. */
const maxChoices = 500;

/**
 * `ui:widget: 'reference'` with `ui:options.reference: '<resource path>'`: a select of that
 * resource's records in the form's scope (e.g. the organisation's projects), each shown by its
 * x-admin `recordRepresentation`. Renders through the theme's own select (rjsf registry).
 */
export const ReferenceWidget = (props: WidgetProps) => {
  const { options, registry, value } = props;
  const target = getResource(String(options.reference));
  const scopeId = target.scopeIdOf(scopeOf(registry.formContext));
  const { data = [], isPending } = useGetList(target.apiResource(scopeId), {
    filter: target.scopeFilter(scopeId),
    sort: target.hints.defaultSort,
    pagination: { page: 1, perPage: maxChoices },
  });
  const field = target.hints.recordRepresentation;
  const enumOptions = data.map((record) => ({ value: record.id, label: String(record[field] ?? record.id) }));
  // A value no longer in the list (a deleted record) stays visible rather than silently blank.
  if (
    typeof value === 'string' &&
    value !== '' &&
    !isPending &&
    !enumOptions.some((o) => o.value === value)
  ) {
    enumOptions.push({ value, label: value });
  }
  const { SelectWidget } = registry.widgets;
  return (
    <SelectWidget {...props} options={{ ...options, enumOptions }} disabled={props.disabled || isPending} />
  );
};
