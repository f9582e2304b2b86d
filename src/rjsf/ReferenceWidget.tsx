import type { WidgetProps } from '@rjsf/utils';
import { useGetList } from 'react-admin';
import { listBuiltinArchetypes } from '../../schemas/contracts/nlu';
import { useCall } from '../providers/useCall';
import { getResource } from '../resources/registry';
import { scopeOf } from './formContext';

/** More records than anyone picks from a menu; a searchable picker can come when a scope grows past it. */
const maxChoices = 500;

/**
 * Names a reference by name accepts besides the referenced records, by resource path: an archetype
 * reference also takes the built-in archetypes (`date`, `email`…).
 */
const useExtraNames = (reference: string, scopeId: string | undefined): string[] => {
  const builtins = useCall(
    listBuiltinArchetypes,
    reference === 'archetypes' && scopeId ? { params: { envId: scopeId } } : null,
  );
  return builtins.status === 'success' ? builtins.data.map((b) => b.name) : [];
};

/**
 * `ui:widget: 'reference'` with `ui:options.reference: '<resource path>'`: a select of that
 * resource's records in the form's scope (e.g. the organisation's projects), each shown by its
 * x-admin `recordRepresentation`. The value is the record's id, or with `ui:options.by: 'name'` its
 * representation: the NLU's entities name each other (an interaction's archetypes and contexts),
 * and a reference to archetypes then offers the built-in ones too. Renders through the theme's own
 * select (rjsf registry). `ui:options.reference: { <field>: { <value>: <path> } }` picks the resource
 * by another field of the same list item (a criterion's type), resolved by the generated form.
 */
export const ReferenceWidget = (props: WidgetProps) => {
  const { TextWidget } = props.registry.widgets;
  // A reference that depends on another field is resolved by the form (formSchema.ts `forItem`);
  // unresolved, the field is plain text rather than a choice among the wrong records.
  if (typeof props.options.reference !== 'string') return <TextWidget {...props} />;
  return <ReferenceSelect {...props} />;
};

const ReferenceSelect = (props: WidgetProps) => {
  const { options, registry, value } = props;
  const reference = String(options.reference);
  const byName = options.by === 'name';
  const target = getResource(reference);
  const scopeId = target.scopeIdOf(scopeOf(registry.formContext));
  const { data = [], isPending } = useGetList(target.apiResource(scopeId), {
    filter: target.scopeFilter(scopeId),
    sort: target.hints.defaultSort,
    pagination: { page: 1, perPage: maxChoices },
  });
  const extra = useExtraNames(byName ? reference : '', scopeId);
  const field = target.hints.recordRepresentation;
  const enumOptions = data.map((record) => {
    const label = String(record[field] ?? record.id);
    return { value: byName ? label : record.id, label };
  });
  for (const name of extra)
    if (!enumOptions.some((o) => o.value === name)) enumOptions.push({ value: name, label: name });
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
