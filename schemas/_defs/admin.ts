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
   * `table`: an entity with its own table, served by an adapter in server/resources/tables/.
   */
  storage: 'document' | 'table';
  listColumns: readonly string[];
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
