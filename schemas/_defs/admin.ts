import type { ErrorCode } from '../error-codes';

/**
 * The `x-admin` block of a resource schema (DESIGN.md §4): everything the generic server routes
 * and the generated console views need beyond the JSON Schema itself.
 */

/** Where a resource lives; its records belong to one organisation, project or environment. */
export type ResourceScope = 'platform' | 'organisation' | 'project' | 'environment';

/**
 * Who may read or write, checked by the server on every route (spec §6):
 * - `member`: any member of the organisation;
 * - `orgAdmin`: organisation administrators (and platform staff);
 * - `cockpit` / `qualifier` / `configurator`: at least that level on the record's project
 *   (levels are ordered cockpit < qualifier < configurator; organisation admins are configurators);
 * - `staff`: platform staff only.
 */
export type AccessLevel = 'member' | 'orgAdmin' | 'cockpit' | 'qualifier' | 'configurator' | 'staff';

export interface AdminHints {
  scope: ResourceScope;
  /**
   * URL segment, kebab-case plural: `/v4/console/api/<scope>s/{scopeId}/<path>`, or
   * `/v4/console/api/<path>` for the platform scope (organisations themselves).
   */
  path: string;
  /**
   * `nested` (default): `/v4/console/api/<scope>s/{scopeId}/<path>[/{id}]`.
   * `top`: `/v4/console/api/<path>[/{id}]`; the list is filtered by the scope field
   * (`organisationId`, `projectId` or `environmentId`) and a created record names it in its body.
   * The platform scope is always `top`.
   */
  addressing?: 'nested' | 'top';
  /**
   * Messages that replace the validator's for a field and keyword (spec messages), e.g.
   * `{ name: { maxLength: 'New project name cannot exceed 50 characters' } }`. Server answers and
   * client forms use the same text (the console translates it by key `resources.<path>.errors.<field>.<keyword>`).
   */
  errorMessages?: Record<string, Record<string, string>>;
  /**
   * `document`: a configuration entity stored as a JSONB document (one table for all of them);
   * `table`: an entity with its own table, served by an adapter in server/tables/.
   */
  storage: 'document' | 'table';
  /** Columns of the list: stored fields, or names of `computedColumns`. */
  listColumns: readonly string[];
  /**
   * List columns that are not stored: never written, never in forms, not sortable; labelled like
   * fields (`resources.<path>.fields.<name>`). See {@link ComputedColumn}.
   */
  computedColumns?: Record<string, ComputedColumn>;
  /** How a stored field shows where its kind's rendering says too little. See {@link FieldDisplay}. */
  display?: Record<string, FieldDisplay>;
  /** Fields searched by the full-text `q` filter. */
  searchFields?: readonly string[];
  /** Fields with their own filter in the list. */
  filters?: readonly string[];
  defaultSort?: { field: string; order: 'ASC' | 'DESC' };
  /** Field shown when a record is referred to (titles, references, breadcrumbs). */
  recordRepresentation: string;
  /** Entry in the scope's navigation menu; false when reached otherwise. */
  menu: { group: string; order: number } | false;
  /** rjsf uiSchema for the generated forms. */
  uiSchema?: Record<string, unknown>;
  /** `create` and `delete` default to `write`. */
  access: { read: AccessLevel; write: AccessLevel; create?: AccessLevel; delete?: AccessLevel };
  /** Field sets unique within the scope, with the error code and message the server answers. */
  unique?: readonly { fields: readonly string[]; code: ErrorCode; message: string }[];
  /** Fields the server sets; shown, never written by clients. */
  readOnly?: readonly string[];
  /**
   * Fields only platform staff write (an organisation's contract and quota): for anyone else they
   * are read-only, refused by the server like `readOnly` ones and shown read-only by the console.
   */
  staffOnly?: readonly string[];
  /**
   * Read-only fields that only the answer to the creation carries (a secret shown once); every
   * later read gives null. The console shows them when the record is created (e.g. access keys).
   */
  shownOnce?: readonly string[];
  /** Operations the resource offers (default: all). */
  operations?: readonly ('list' | 'show' | 'create' | 'edit' | 'delete')[];
}

/**
 * A list column computed from records rather than stored:
 * - `referrers`: the records of another document resource (its `$id`) of the same scope whose
 *   `field` (a string, or a list of strings) holds this record's `recordRepresentation` — the NLU's
 *   references by name (the servers that load a context). The list route adds to each record the
 *   referrers' representations, sorted, or with `count: true` how many they are (one query per
 *   page). Left out for a caller who may not read the referring resource.
 * - `lowest`: the lowest number at `<list>.<field>` of the record itself among the items not
 *   disabled (a category's first rule priority), computed by the console.
 * - `criteria`: the record's `<list>` of named criteria trees (a category's rules) in words,
 *   computed by the console.
 */
export type ComputedColumn =
  { referrers: string; field: string; count?: boolean } | { lowest: string } | { criteria: string };

/**
 * `resourceName`: the value is a resource's path (`reply-templates`), shown as the resource's name
 * in the user's language and filtered by a choice of the resources.
 */
export type FieldDisplay = 'resourceName';

/** A resource schema: a draft-07 object schema with its `x-admin` block. */
export interface ResourceSchema {
  $id: string;
  type: 'object';
  properties: Record<string, unknown>;
  required?: readonly string[];
  additionalProperties?: boolean;
  /**
   * Conditions (`if`/`then`/`else`, here or in `allOf`) naming the fields that go with a choice:
   * see conditions.ts.
   */
  allOf?: readonly object[];
  if?: object;
  then?: object;
  else?: object;
  'x-admin': AdminHints;
}

/** Keeps the literal type (for json-schema-to-ts) while checking the shape. */
export const defineResourceSchema = <const S extends ResourceSchema>(schema: S): S => schema;
