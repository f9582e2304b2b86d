import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { conditionalFields, conditionsOf, inactiveFields } from '../../../../schemas/_defs/conditions';
import { validator } from '../../../rjsf/validator';
import { asPropertySchema, baseType } from '../../fields';
import type { ResourceLabels } from '../../labels';
import type { ResourceDescriptor } from '../../types';

export type FormMode = 'create' | 'edit';
export type FormData = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of a schema without `format: 'uuid'`: ids are picked from lists (reference widget) or set
 * by the server, never typed, and the server checks them anyway.
 */
const withoutIdFormats = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutIdFormats);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, inner]) => !(key === 'format' && inner === 'uuid'))
      .map(([key, inner]) => [key, withoutIdFormats(inner)]),
  );
};

/**
 * The JSON Schema rjsf validates and renders: the resource's properties without its `$id` (Ajv
 * would cache create and edit under one id) and x-admin block. Read-only fields are left out of a
 * create form and marked `readOnly` in an edit form, where they show disabled. A nullable field
 * (`['integer', 'null']`) gets its plain type, so it has its proper input (number, date): in the
 * form, null is an empty input, and an empty input is sent as null (payloadOf).
 */
export const formSchema = (resource: ResourceDescriptor, mode: FormMode): RJSFSchema => {
  const fields = resource.fields.filter((field) => mode === 'edit' || !field.readOnly);
  const definitions = Object.fromEntries(
    fields.map((field) => [
      field.name,
      {
        ...asPropertySchema(field.schema),
        ...(field.nullable ? { type: baseType(field.schema) } : {}),
        ...(field.readOnly ? { readOnly: true } : {}),
      },
    ]),
  );
  // A field that goes with a choice is declared in the branches that name it, with its whole
  // definition: rjsf adds it to the form while its `if` holds for the data (schemas/_defs/conditions.ts).
  const conditional = conditionalFields(resource.schema);
  const properties = Object.fromEntries(
    Object.entries(definitions).filter(([name]) => !conditional.has(name)),
  );
  const branch = (part: unknown) => {
    if (!isObject(part)) return part;
    const named = isObject(part.properties) ? Object.keys(part.properties) : [];
    return {
      ...part,
      properties: Object.fromEntries(named.filter((n) => n in definitions).map((n) => [n, definitions[n]])),
    };
  };
  const allOf = conditionsOf(resource.schema).map((c) => ({
    if: c.if,
    ...(c.then ? { then: branch(c.then) } : {}),
    ...(c.else ? { else: branch(c.else) } : {}),
  }));
  const required = fields
    .filter((field) => field.required && !field.readOnly && !conditional.has(field.name))
    .map((field) => field.name);
  // The schemas are draft-07 objects declared `as const`; rjsf's type is the mutable JSONSchema7.
  return withoutIdFormats({
    type: 'object',
    properties,
    required,
    ...(allOf.length ? { allOf } : {}),
  }) as RJSFSchema;
};

/** An entry without its widget: the field's default input. */
const withoutWidget = (entry: Record<string, unknown>) => {
  const { 'ui:widget': _widget, 'ui:options': _options, ...rest } = entry;
  return rest;
};

/**
 * A reference whose resource depends on another field of the same object:
 * `ui:options.reference: { <field>: { <value>: <resource path> } }` (a criterion names an
 * interaction or a category according to its type). Resolved to that path for the item, or to the
 * default input when the field's value names no resource; undefined for a plain reference.
 */
const referenceFor = (
  entry: Record<string, unknown>,
  options: Record<string, unknown>,
  item: unknown,
): Record<string, unknown> | undefined => {
  if (!isObject(options.reference)) return undefined;
  const [field, byValue] = Object.entries(options.reference)[0] ?? [];
  const value = isObject(item) && field !== undefined ? item[field] : undefined;
  const reference = isObject(byValue) && typeof value === 'string' ? byValue[value] : undefined;
  return typeof reference === 'string'
    ? { ...entry, 'ui:options': { ...options, reference } }
    : withoutWidget(entry);
};

/**
 * An item's (or a whole form's) uiSchema: a widget declared with `ui:options.when: { <field>: <value> }`
 * applies to the items whose fields hold those values, the others get the default one (an
 * archetype's expression is edited as a regular expression only when its type is `regex`; an
 * alert's minutes are hidden when it is a threshold alert); a reference that depends on a field of
 * the item is resolved (see `referenceFor`). Objects inside the item (a rule's criteria) are
 * resolved against their own values.
 */
export const forItem = (items: Record<string, unknown>, item: unknown): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(items).map(([name, entry]) => {
      if (!isObject(entry) || name.startsWith('ui:')) return [name, entry];
      const options = isObject(entry['ui:options']) ? entry['ui:options'] : undefined;
      const inner = isObject(item) ? item[name] : undefined;
      if (!options) return [name, isObject(inner) ? forItem(entry, inner) : entry];
      const resolved = referenceFor(entry, options, item);
      if (resolved) return [name, resolved];
      if (!isObject(options.when)) return [name, entry];
      const holds = isObject(item) && Object.entries(options.when).every(([field, v]) => item[field] === v);
      return [name, holds ? entry : withoutWidget(entry)];
    }),
  );

/**
 * Titles, help lines and enum labels for every field, nested ones included, laid over `ui` (the
 * x-admin uiSchema, or a page's own for a form that is not a resource's).
 */
export const labelProperties = (
  properties: Record<string, unknown>,
  ui: Record<string, unknown>,
  labels: ResourceLabels,
  prefix = '',
): void => {
  for (const [name, raw] of Object.entries(properties)) {
    const property = asPropertySchema(raw);
    const path = `${prefix}${name}`;
    const entry: Record<string, unknown> = isObject(ui[name]) ? { ...ui[name] } : {};
    entry['ui:title'] = labels.field(path);
    const help = labels.help(path);
    if (help) entry['ui:help'] = help;
    if (property.enum) {
      entry['ui:enumNames'] = Object.fromEntries(
        property.enum.map((value) => [String(value), labels.value(path, value)]),
      );
    }
    const itemValues = property.items?.enum;
    if (itemValues) {
      // A list of values (checkboxes, multiple select) labels its values as a single field does.
      const items: Record<string, unknown> = isObject(entry.items) ? { ...entry.items } : {};
      items['ui:enumNames'] = Object.fromEntries(
        itemValues.map((value) => [String(value), labels.value(path, value)]),
      );
      entry.items = items;
    } else if (property.items?.properties) {
      const items: Record<string, unknown> = isObject(entry.items) ? { ...entry.items } : {};
      labelProperties(property.items.properties, items, labels, `${path}.`);
      // Each item is titled by the list's label and its rank, rjsf's own title being `<name>-<n>`.
      entry.items = (item: unknown, index: number) => ({
        ...forItem(items, item),
        'ui:title': `${labels.field(path)} ${index + 1}`,
      });
    } else if (property.items) {
      // A list of single values (contexts, sub-archetypes) titles each the same way.
      const items: Record<string, unknown> = isObject(entry.items) ? { ...entry.items } : {};
      entry.items = (_item: unknown, index: number) => ({
        ...items,
        'ui:title': `${labels.field(path)} ${index + 1}`,
      });
    } else if (property.properties) {
      labelProperties(property.properties, entry, labels, `${path}.`);
    }
    ui[name] = entry;
  }
};

/**
 * The rjsf uiSchema: x-admin's `uiSchema`, translated labels (`resources.<res>.fields.*`, enum
 * values), read-only fields disabled and last, and no built-in submit button (the view has its own).
 */
export const formUiSchema = (
  resource: ResourceDescriptor,
  mode: FormMode,
  labels: ResourceLabels,
): UiSchema => {
  const ui: Record<string, unknown> = structuredClone(resource.hints.uiSchema ?? {});
  labelProperties(resource.schema.properties, ui, labels);
  const readOnly = resource.fields.filter((field) => field.readOnly).map((field) => field.name);
  for (const name of readOnly) {
    if (isObject(ui[name])) ui[name] = { ...ui[name], 'ui:disabled': true };
  }
  // Declaration order, the fields a choice brings included (rjsf would append them), read-only last.
  const writable = resource.fields.filter((field) => !field.readOnly).map((field) => field.name);
  ui['ui:order'] = [...writable, '*', ...(mode === 'edit' ? readOnly : [])];
  ui['ui:submitButtonOptions'] = { norender: true };
  return ui;
};

/**
 * The record as form data: only the schema's properties (a server may add others), read-only ones
 * on edit only, nulls as empty inputs.
 */
export const formDataOf = (
  resource: ResourceDescriptor,
  record: FormData | undefined,
  mode: FormMode,
): FormData =>
  Object.fromEntries(
    resource.fields
      .filter((field) => mode === 'edit' || !field.readOnly)
      .filter((field) => record?.[field.name] !== undefined && record?.[field.name] !== null)
      .map((field) => [field.name, record?.[field.name]]),
  );

/**
 * What is sent: the form data without read-only fields, an emptied nullable field as null (PUT
 * replaces the record, so a missing field would not clear it), plus the scope field the API wants
 * in a created record (`top` addressing).
 */
export const payloadOf = (
  resource: ResourceDescriptor,
  data: FormData,
  mode: FormMode,
  scopeId: string | undefined,
): FormData => {
  const payload: FormData = {};
  // A value the form keeps for a field the current choices hide is not sent (nor kept by the server).
  const hidden = new Set(
    inactiveFields(resource.schema, data, (schema, value) => validator.isValid(schema, value, schema)),
  );
  for (const field of resource.fields) {
    if (field.readOnly || hidden.has(field.name)) continue;
    const value = data[field.name];
    if (value !== undefined) payload[field.name] = value;
    else if (field.nullable) payload[field.name] = null;
  }
  return mode === 'create' ? { ...payload, ...resource.scopeBody(scopeId) } : payload;
};
