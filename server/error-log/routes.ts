import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getErrorLog, type ErrorLogQuery } from '../../schemas/contracts/error-log';
import { readErrorLog, type ErrorLogFilter } from './repository';
import { contractRoute } from '../kernel/http/contract-route';
import { ClientError } from '../kernel/http/errors';
import { requireLevel, resolveScope } from '../resources/access';
import { fieldProblem } from '../../schemas/detail-messages';

const DEFAULT_PER_PAGE = 25;
const DAY_MS = 86_400_000;
const isDay = (value: string) => value.length === 10;

const invalidPeriod = () =>
  new ClientError(400, 'INVALID_PERIOD', 'Invalid period: the end is before the start', {
    details: [fieldProblem('to', 'endBeforeStart')],
  });

/** The query as bounds: a day given as `to` runs until its end (UTC), an instant is inclusive. */
export const errorLogFilter = (query: ErrorLogQuery): ErrorLogFilter => {
  const perPage = Number(query.perPage ?? DEFAULT_PER_PAGE);
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  const filter: ErrorLogFilter = {
    kind: query.kind ?? 'all',
    step: query.step,
    category: query.category,
    from,
    limit: perPage,
    offset: (Number(query.page ?? 1) - 1) * perPage,
  };
  if (to && query.to && isDay(query.to)) filter.before = new Date(to.getTime() + DAY_MS);
  else filter.until = to;
  if (from && to && (filter.before ?? to) < from) throw invalidPeriod();
  return filter;
};

/**
 * The environment's error log (schemas/contracts/error-log.ts): for qualifiers and above, who read
 * analyses and their deliveries.
 */
export const errorLogRoutes = async (app: FastifyInstance) => {
  const { db } = app;
  app.addHook('onRequest', app.authenticate);

  app.route({
    ...contractRoute(getErrorLog),
    handler: async (request: FastifyRequest<{ Params: { envId: string }; Querystring: ErrorLogQuery }>) => {
      const scope = await resolveScope(db, request.auth, 'environment', request.params.envId);
      requireLevel(request.auth, scope, 'qualifier');
      return readErrorLog(db, scope.id!, errorLogFilter(request.query));
    },
  });
};
