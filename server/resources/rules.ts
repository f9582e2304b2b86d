import type { Queryable } from '../kernel/db';
import type { FieldError } from './validation';

/**
 * What a domain adds to the generic resource routes for one of its resources (by schema `$id`):
 * the framework (plugin.ts) runs these and knows nothing of what they check. The domains declare
 * theirs beside their code (server/configuration/save-rules.ts for the environment's configuration,
 * server/testing/domain-rules.ts for the testing centre's); app.ts hands them to the plugin.
 */
export interface ResourceRules {
  /** Problems of a document about to be written, on its fields (a 400 when any). */
  check?: SaveRule;
  /** Throws (a ClientError) when the record must not be deleted, e.g. because others need it. */
  beforeDelete?: DeleteGuard;
  /** Runs in the update's transaction once the record is written, e.g. to follow a rename. */
  afterUpdate?: AfterUpdate;
}

/** The checks of one kind of document; `scopeId` is its scope's id, `id` absent on a create. */
export type SaveRule = (
  q: Queryable,
  scopeId: string,
  data: Record<string, unknown>,
  id: string | undefined,
) => Promise<FieldError[]>;

export type DeleteGuard = (q: Queryable, scopeId: string, id: string) => Promise<void>;

export type AfterUpdate = (
  q: Queryable,
  scopeId: string,
  change: { before: Record<string, unknown>; after: Record<string, unknown> },
  actor: { actorId: string; impersonatorId?: string },
) => Promise<void>;

/** Rules by resource `$id`. */
export type ResourceRulesMap = Readonly<Record<string, ResourceRules>>;
