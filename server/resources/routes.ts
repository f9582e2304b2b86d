import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../kernel/db';
import { pickLocale } from '../mail/templates';
import { resourceMutations } from './mutations';
import { contentRange, resourceReads } from './reads';
import { routeDocs } from './route-docs';
import type { ResourceRuntime } from './runtime';

export const CONSOLE_API = '/v4/console/api';

type Operation = 'list' | 'show' | 'create' | 'edit' | 'delete';
const ALL_OPERATIONS: readonly Operation[] = ['list', 'show', 'create', 'edit', 'delete'];

/** The schemas in `schema` document the routes; the resource's own validators check the input. */
const documentOnly = () => () => true;

const paramsOf = (request: FastifyRequest) => request.params as { scopeId?: string; id: string };
const localeOf = (request: FastifyRequest) => pickLocale(request.headers['accept-language']);

/**
 * The simple-REST routes of one resource (DESIGN.md §5), those its `operations` offer:
 * nested `/<scope>s/{scopeId}/<path>[/{id}]`, or top `/<path>[/{id}]`. Handlers only translate
 * HTTP; reads.ts and mutations.ts do the work.
 */
export const registerResourceRoutes = (app: FastifyInstance, db: Db, rt: ResourceRuntime) => {
  const { path, scope, operations = ALL_OPERATIONS } = rt.schema['x-admin'];
  const collection = rt.top ? `${CONSOLE_API}/${path}` : `${CONSOLE_API}/${scope}s/:scopeId/${path}`;
  const item = `${collection}/:id`;
  const reads = resourceReads(db, rt);
  const writes = resourceMutations(db, rt);
  const docs = routeDocs(rt);
  const options = (op: Operation) => ({
    onRequest: app.authenticate,
    validatorCompiler: documentOnly,
    schema: docs[op],
  });
  const offers = new Set(operations);

  if (offers.has('list')) {
    app.get(collection, options('list'), async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const { rows, total, range } = await reads.list(request.auth, paramsOf(request).scopeId, query);
      reply.header('Content-Range', contentRange(path, range, rows.length, total));
      return rows;
    });
  }
  if (offers.has('show')) {
    app.get(item, options('show'), async (request) => {
      const { scopeId, id } = paramsOf(request);
      return reads.get(request.auth, scopeId, id);
    });
  }
  if (offers.has('create')) {
    app.post(collection, options('create'), async (request, reply) => {
      const { scopeId } = paramsOf(request);
      const record = await writes.create(request.auth, scopeId, request.body, localeOf(request));
      return reply.status(201).send(record);
    });
  }
  if (offers.has('edit')) {
    app.put(item, options('edit'), async (request) => {
      const { scopeId, id } = paramsOf(request);
      return writes.update(request.auth, scopeId, id, request.body, localeOf(request));
    });
  }
  if (offers.has('delete')) {
    app.delete(item, options('delete'), async (request, reply) => {
      const { scopeId, id } = paramsOf(request);
      await writes.remove(request.auth, scopeId, id, localeOf(request));
      return reply.status(204).send();
    });
  }
};
