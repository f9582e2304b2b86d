import type { ComponentType, ReactNode } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import type { AdminHints, FieldDisplay, ResourceSchema } from '../../schemas';

/** The scope ids of the current route (`/orga/:orgaId`, `/project/:projectId/environment/:envId`). */
export interface RouteScope {
  organisationId?: string;
  projectId?: string;
  environmentId?: string;
}

export type Operation = 'list' | 'show' | 'create' | 'edit' | 'delete';

/** How a list column or a detail line shows a value; each kind has one renderer (fieldTypes.tsx). */
export type FieldKind =
  'string' | 'enum' | 'date' | 'dateTime' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

/** A property of a resource schema, narrowed from the schema's `unknown`. */
export interface PropertySchema {
  type?: string | readonly string[];
  enum?: readonly unknown[];
  format?: string;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  items?: PropertySchema;
  properties?: Record<string, PropertySchema>;
  required?: readonly string[];
  readOnly?: boolean;
}

export interface FieldDescriptor {
  name: string;
  schema: PropertySchema;
  kind: FieldKind;
  /** Enum values as strings (translation keys `resources.<res>.values.<field>.<value>`). */
  values: string[];
  readOnly: boolean;
  /** Edited elsewhere than in the generated form (`'ui:widget': 'hidden'` in the uiSchema). */
  hiddenInForms: boolean;
  required: boolean;
  /** `type` includes null: an emptied input is sent as null rather than left out. */
  nullable: boolean;
  /** x-admin `display`: shown otherwise than its kind says (a resource path as the resource's name). */
  display?: FieldDisplay;
}

/** Where a view sends the user; a list without links opens records in a dialog instead. */
export interface ResourceLinks {
  create?: string;
  edit?: (id: Identifier) => string;
  show?: (id: Identifier) => string;
}

export interface ListViewProps {
  resource: ResourceDescriptor;
  scope: RouteScope;
  links?: ResourceLinks;
  /** After a record was created from the list's dialog, with the server's answer (e.g. a secret shown once). */
  onCreated?: (record: RaRecord) => void;
  /** The page's own buttons, beside the filters (e.g. ways of creating that are not a form). */
  actions?: ReactNode;
  /** Columns the page draws itself, by field name (a coloured status); the others keep their kind's renderer. */
  cells?: Record<string, (record: RaRecord) => ReactNode>;
  /**
   * Asks the server again every so many milliseconds while the tab is visible, for records that
   * change on their own (an analysis's status). The rows shown stay until the answer replaces them.
   */
  refreshInterval?: number;
  /** Buttons acting on the selected rows, beside the bulk delete (they read the selection from the list context). */
  bulkActions?: ReactNode;
  /** Filters the list opens with (e.g. from a link of the dashboard); the user may change them. */
  initialFilter?: Record<string, unknown>;
}

export interface CreateViewProps {
  resource: ResourceDescriptor;
  scope: RouteScope;
  /** After the record was created; by default the form stays, emptied, with a success notice. */
  onSaved?: (record: RaRecord) => void;
  onCancel?: () => void;
}

export interface EditViewProps {
  resource: ResourceDescriptor;
  scope: RouteScope;
  id: Identifier;
  onSaved?: (record: RaRecord) => void;
  onCancel?: () => void;
  /** After the record was deleted from the edit view; the delete button shows only when given. */
  onDeleted?: () => void;
}

export interface ShowViewProps {
  resource: ResourceDescriptor;
  scope: RouteScope;
  id: Identifier;
}

/**
 * Everything the console knows about one resource, derived from its schema (DESIGN.md §4). `name`
 * is the x-admin path: the translation namespace (`resources.<name>.*`) and the last API segment.
 */
export interface ResourceDescriptor {
  name: string;
  schema: ResourceSchema;
  hints: AdminHints;
  fields: FieldDescriptor[];
  operations: ReadonlySet<Operation>;
  /** The scope id this resource needs from the route (undefined for platform resources). */
  scopeIdOf(scope: RouteScope): string | undefined;
  /** The data provider's resource string: the API path after `/v4/console/api`. */
  apiResource(scopeId?: string): string;
  /** The permanent list filter: the scope field for `top` addressing, nothing when nested. */
  scopeFilter(scopeId?: string): Record<string, string>;
  /** What a created record must also carry: the scope field for `top` addressing. */
  scopeBody(scopeId?: string): Record<string, string>;
  list: ComponentType<ListViewProps>;
  create: ComponentType<CreateViewProps>;
  edit: ComponentType<EditViewProps>;
  show: ComponentType<ShowViewProps>;
}
