import type { FastifyInstance } from 'fastify';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { resourceSchemas } from '../../schemas/index';
import type { Queryable } from '../kernel/db';
import type { Kernel } from '../kernel/plugins/kernel';
import { syncDocumentIndexes } from './document-indexes';
import { documentStore } from './document-store';
import { registerResourceRoutes } from './routes';
import { resourceRuntime } from './runtime';
import type { ResourceStore } from './store';
import type { ResourceRules, ResourceRulesMap } from './rules';
import { validationError } from './validation';

/**
 * A document store that runs its resource's rules (rules.ts): its checks before writing (spec
 * messages, on their fields), its guard before deleting, and what follows an update in the same
 * transaction.
 */
const withRules = (store: ResourceStore, rules: ResourceRules): ResourceStore => {
  const { check, beforeDelete, afterUpdate } = rules;
  const checked = async (
    q: Queryable,
    scopeId: string | undefined,
    data: Record<string, unknown>,
    id?: string,
  ) => {
    const problems = check ? await check(q, scopeId ?? '', data, id) : [];
    if (problems.length) throw validationError(problems.map((p) => ({ ...p, custom: true })));
  };
  return {
    ...store,
    create: async (q, ctx, data) => {
      await checked(q, ctx.scopeId, data);
      return store.create(q, ctx, data);
    },
    update: async (q, ctx, before, data) => {
      await checked(q, ctx.scopeId, data, before.id);
      const after = await store.update(q, ctx, before, data);
      if (afterUpdate && ctx.scopeId)
        await afterUpdate(
          q,
          ctx.scopeId,
          { before, after },
          { actorId: ctx.actor.id, impersonatorId: ctx.impersonator?.id },
        );
      return after;
    },
    delete: async (q, ctx, before) => {
      if (beforeDelete) await beforeDelete(q, ctx.scopeId ?? '', before.id);
      return store.delete(q, ctx, before);
    },
  };
};

export interface ResourcesOptions {
  /** Every resource schema by default; tests add their own to prove a schema is a resource. */
  schemas?: readonly ResourceSchema[];
  /** The domains' rules of their document resources (rules.ts), by `$id`; none by default. */
  rules?: ResourceRulesMap;
  /**
   * The features' adapters of their `storage: 'table'` resources, by schema `$id` (server/tables.ts):
   * handed in, so that the generic framework imports no feature.
   */
  tables?: Readonly<Record<string, TableStoreFactory>>;
}

/**
 * `kernel`: the instance's decorators (kernel/plugins/kernel.ts) the adapter uses (mail, queue);
 * `schemas`: every resource the app serves, for adapters that work across them (versions).
 */
export type TableStoreFactory = (
  schema: ResourceSchema,
  kernel: Kernel,
  schemas: readonly ResourceSchema[],
) => ResourceStore;

const storeFor = (
  schema: ResourceSchema,
  kernel: Kernel,
  schemas: readonly ResourceSchema[],
  rules: ResourceRulesMap,
  tableStores: Readonly<Record<string, TableStoreFactory>>,
): ResourceStore => {
  if (schema['x-admin'].storage === 'document') {
    const own = rules[schema.$id];
    return own ? withRules(documentStore(schema), own) : documentStore(schema);
  }
  const adapter = tableStores[schema.$id];
  // A table resource without its adapter is a programming error: stop at boot, not at the first call.
  if (!adapter)
    throw new Error(`Resource '${schema.$id}' says storage 'table' but server/tables.ts has no adapter for it`);
  return adapter(schema, kernel, schemas);
};

/**
 * The generic resource routes (DESIGN.md §4): for every schema, simple-REST CRUD under
 * /v4/console/api, validated with the schema, scoped and access-checked, audited.
 *
 * @example
 * await app.register(resourcesPlugin, { schemas: [...resourceSchemas, widgetSchema] });
 */
export const resourcesPlugin = async (
  app: FastifyInstance,
  { schemas = resourceSchemas, rules = {}, tables = {} }: ResourcesOptions,
) => {
  const addresses = new Set<string>();
  for (const schema of schemas) {
    const { scope, path, addressing } = schema['x-admin'];
    const address = scope === 'platform' || addressing === 'top' ? path : `${scope}s/*/${path}`;
    if (addresses.has(address)) throw new Error(`Two resource schemas share the address ${address}`);
    addresses.add(address);
    registerResourceRoutes(
      app,
      app.db,
      resourceRuntime(schema, storeFor(schema, app, schemas, rules, tables), schemas),
    );
  }
  await syncDocumentIndexes(app.db, schemas, app.log);
};
