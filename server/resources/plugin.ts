import type { FastifyInstance } from 'fastify';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { resourceSchemas } from '../../schemas/index';
import type { Queryable } from '../db';
import type { Platform } from '../platform';
import { syncDocumentIndexes } from './document-indexes';
import { documentStore } from './document-store';
import { registerResourceRoutes } from './routes';
import { resourceRuntime } from './runtime';
import type { ResourceStore } from './store';
import { tableStores } from './tables';
import { documentRules, type DocumentRule } from '../nlu/entity-rules';
import { testingDeleteGuards, testingDocumentRules, type DeleteGuard } from '../testing/domain-rules';
import { followRename, refuseDeletionInUse } from '../nlu/references';
import { validationError } from './validation';

/** A document store that runs its resource's own checks before writing (spec messages, on their fields). */
const withRule = (store: ResourceStore, rule: DocumentRule | undefined): ResourceStore => {
  if (!rule) return store;
  const check = async (
    q: Queryable,
    scopeId: string | undefined,
    data: Record<string, unknown>,
    id?: string,
  ) => {
    const problems = await rule(q, scopeId ?? '', data, id);
    if (problems.length) throw validationError(problems.map((p) => ({ ...p, custom: true })));
  };
  return {
    ...store,
    create: async (q, ctx, data) => {
      await check(q, ctx.scopeId, data);
      return store.create(q, ctx, data);
    },
    update: async (q, ctx, before, data) => {
      await check(q, ctx.scopeId, data, before.id);
      return store.update(q, ctx, before, data);
    },
  };
};

/** A document store that checks, before deleting a record, that nothing still needs it. */
const withDeleteGuard = (store: ResourceStore, guard: DeleteGuard | undefined): ResourceStore =>
  guard
    ? {
        ...store,
        delete: async (q, ctx, before) => {
          await guard(q, ctx.scopeId ?? '', before.id);
          return store.delete(q, ctx, before);
        },
      }
    : store;

/**
 * A document store whose renames follow through the configuration (server/nlu/references.ts):
 * renaming an archetype renames it in the interactions that use it, and so on, in the same
 * transaction.
 */
const withRenames = (store: ResourceStore, schema: ResourceSchema): ResourceStore => ({
  ...store,
  update: async (q, ctx, before, data) => {
    const after = await store.update(q, ctx, before, data);
    if (ctx.scopeId)
      await followRename(
        q,
        ctx.scopeId,
        { resource: schema.$id, before, after },
        { actorId: ctx.actor.id, impersonatorId: ctx.impersonator?.id },
      );
    return after;
  },
});

export interface ResourcesOptions {
  platform: Platform;
  /** Every resource schema by default; tests add their own to prove a schema is a resource. */
  schemas?: readonly ResourceSchema[];
}

const storeFor = (
  schema: ResourceSchema,
  platform: Platform,
  schemas: readonly ResourceSchema[],
): ResourceStore => {
  if (schema['x-admin'].storage === 'document') {
    const checked = withDeleteGuard(
      withRule(documentStore(schema), documentRules[schema.$id] ?? testingDocumentRules[schema.$id]),
      testingDeleteGuards[schema.$id] ??
        (schema['x-admin'].scope === 'environment'
          ? (q, environmentId, id) => refuseDeletionInUse(q, environmentId, schema.$id, id)
          : undefined),
    );
    return schema['x-admin'].scope === 'environment' ? withRenames(checked, schema) : checked;
  }
  const adapter = tableStores[schema.$id];
  // A table resource without its adapter is a programming error: stop at boot, not at the first call.
  if (!adapter)
    throw new Error(
      `Resource '${schema.$id}' says storage 'table' but server/resources/tables has no adapter for it`,
    );
  return adapter(schema, platform, schemas);
};

/**
 * The generic resource routes (DESIGN.md §4): for every schema, simple-REST CRUD under
 * /v4/console/api, validated with the schema, scoped and access-checked, audited.
 *
 * @example
 * await app.register(resourcesPlugin, { platform, schemas: [...resourceSchemas, widgetSchema] });
 */
export const resourcesPlugin = async (
  app: FastifyInstance,
  { platform, schemas = resourceSchemas }: ResourcesOptions,
) => {
  const addresses = new Set<string>();
  for (const schema of schemas) {
    const { scope, path, addressing } = schema['x-admin'];
    const address = scope === 'platform' || addressing === 'top' ? path : `${scope}s/*/${path}`;
    if (addresses.has(address)) throw new Error(`Two resource schemas share the address ${address}`);
    addresses.add(address);
    registerResourceRoutes(
      app,
      platform.db,
      resourceRuntime(schema, storeFor(schema, platform, schemas), schemas),
    );
  }
  await syncDocumentIndexes(platform.db, schemas, app.log);
};
