import type { ProjectAccessLevel } from '../../schemas/contracts/auth';
import type { Queryable } from '../kernel/db';
import type { MailLocale } from '../mail/templates';
import type { UserRow } from '../kernel/access/users';

/**
 * The one storage interface behind the generic resource routes: the JSONB document store and every
 * table adapter implement it. Every method takes the `Queryable` of the route's transaction, so the
 * mutation, its unique checks, its mails and its audit row commit or roll back together.
 */

/** A record as the API shows it: the fields of its schema. */
export type ResourceRecord = Record<string, unknown> & { id: string };

export interface Sort {
  field: string;
  order: 'ASC' | 'DESC';
}

/** Inclusive bounds, as ra-data-simple-rest sends them (`range=[0,24]`). */
export interface Range {
  start: number;
  end: number;
}

/** Field values a caller may not see past: each field must hold one of the listed values. */
export type Restriction = Record<string, readonly unknown[]>;

/** Bounds on a number or date-time field: `<field>_gte` and `<field>_lte` of a list filter. */
export interface Bounds {
  kind: 'number' | 'date';
  gte?: unknown;
  lte?: unknown;
}

export interface ListQuery {
  /** The organisation, project or environment the records belong to; undefined for the platform scope. */
  scopeId: string | undefined;
  sort: Sort;
  range: Range;
  /** Equality on schema fields: an array means any of its values, null means unset. */
  filter: Record<string, unknown>;
  /** Bounds on number and date-time fields (`<field>_gte`, `<field>_lte`). */
  bounds?: Record<string, Bounds>;
  /** Case-insensitive search in the schema's `searchFields`. */
  q?: string;
  /** getMany: only these ids. */
  ids?: readonly string[];
  /** What access rules hide from this caller (same form as filter, never lifted by it). */
  restrict?: Restriction;
}

export interface ListResult {
  rows: ResourceRecord[];
  total: number;
}

/** Who mutates, where, and in which language mails go out. */
export interface MutationContext {
  scopeId: string | undefined;
  actor: UserRow;
  impersonator?: UserRow;
  locale: MailLocale;
}

/** What an adapter may know of the caller to hide records (e.g. hidden environments). */
export interface ViewerScope {
  /** The caller's level on the scope's project, when the scope is a project or an environment. */
  projectLevel?: ProjectAccessLevel;
}

export interface ResourceStore {
  list(q: Queryable, query: ListQuery): Promise<ListResult>;
  get(q: Queryable, scopeId: string | undefined, id: string): Promise<ResourceRecord | undefined>;
  /**
   * Where a record addressed by id alone lives (top addressing): its scope id (undefined for the
   * platform scope), or undefined when no such record exists.
   */
  locate(q: Queryable, id: string): Promise<{ scopeId: string | undefined } | undefined>;
  /** Whether another record of the scope holds these values (strings compared case-insensitively). */
  conflicts(
    q: Queryable,
    scopeId: string | undefined,
    values: Record<string, unknown>,
    exceptId?: string,
  ): Promise<boolean>;
  /** `data`: the validated writable fields (defaults applied). */
  create(q: Queryable, ctx: MutationContext, data: Record<string, unknown>): Promise<ResourceRecord>;
  /** `data`: the validated record after the change (stored record merged with the body). */
  update(
    q: Queryable,
    ctx: MutationContext,
    before: ResourceRecord,
    data: Record<string, unknown>,
  ): Promise<ResourceRecord>;
  delete(q: Queryable, ctx: MutationContext, before: ResourceRecord): Promise<void>;
  /** Records this caller may not see at all in the scope (404, not listed). */
  restrict?(viewer: ViewerScope): Restriction | undefined;
  /**
   * The records are the organisations themselves (platform scope): each one is its own scope, so a
   * member reads only theirs and its audit rows are filed under it.
   */
  organisationRecords?: boolean;
  /**
   * The field naming a record's project, for resources scoped above projects whose access is a
   * project level (projects themselves: `id`). Without it such access means "configurator of every
   * project", i.e. organisation administrator.
   */
  projectField?: string;
}
