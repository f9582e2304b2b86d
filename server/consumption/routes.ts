import type { FastifyInstance } from 'fastify';
import {
  getConsumption,
  type ConsumptionBucket,
  type ConsumptionReport,
} from '../../schemas/contracts/consumption';
import {
  FOOTPRINT_FACTORS,
  FOOTPRINT_METHOD,
  co2CountedFrom,
  footprintOf,
} from './footprint';
import { MAX_BUCKETS, addDays, bucketStarts, contractYear, startOfDay } from './period';
import { contractRoute } from '../kernel/http/contract-route';
import { ClientError, notFound } from '../kernel/http/errors';
import {
  analysesPerBucket,
  quotaAndProcessing,
  readContract,
  usePerEnvironment,
  type EnvironmentUse,
} from './repository';
import { requireLevel, resolveScope } from '../resources/access';

const BYTES_PER_MB = 1_048_576;
const toMb = (bytes: number) => Math.round((bytes / BYTES_PER_MB) * 100) / 100;

const invalidPeriod = (path: 'to' | 'bucket', message: string) =>
  new ClientError(400, 'INVALID_PERIOD', `Invalid period: ${message}`, { details: [{ path, message }] });

/** Projects with their environments, their analyses, LLM tokens and input sizes added up. */
const projectsOf = (rows: EnvironmentUse[]): ConsumptionReport['projects'] => {
  const projects = new Map<string, ConsumptionReport['projects'][number] & { bytes: number }>();
  for (const row of rows) {
    const project = projects.get(row.projectId) ?? {
      id: row.projectId,
      name: row.projectName,
      analyses: 0,
      tokens: 0,
      sizeMb: 0,
      bytes: 0,
      environments: [],
    };
    projects.set(row.projectId, project);
    if (row.environmentId === null) continue;
    project.analyses += row.analyses;
    project.tokens += row.tokens;
    project.bytes += row.bytes;
    project.environments.push({
      id: row.environmentId,
      name: row.environmentName ?? '',
      analyses: row.analyses,
      tokens: row.tokens,
      sizeMb: toMb(row.bytes),
    });
  }
  return [...projects.values()].map(({ bytes, ...project }) => ({ ...project, sizeMb: toMb(bytes) }));
};

/**
 * GET /v4/console/api/organisations/{orgId}/consumption (spec §2 organisation consumption, §9): the
 * analyses per bucket, project and environment over a period (the current contract year by
 * default), the yearly quota's use, and the CO2 footprint. For organisation administrators and
 * platform staff; other members 403, other organisations 404.
 */
export const consumptionRoutes = async (app: FastifyInstance) => {
  const { db } = app;
  app.route({
    ...contractRoute(getConsumption),
    onRequest: app.authenticate,
    handler: async (request): Promise<ConsumptionReport> => {
      const { orgId } = request.params as { orgId: string };
      const query = request.query as { from?: string; to?: string; bucket?: ConsumptionBucket };
      const scope = await resolveScope(db, request.auth, 'organisation', orgId);
      requireLevel(request.auth, scope, 'orgAdmin');
      const contract = await readContract(db, orgId);
      if (!contract) throw notFound('organisation');

      const year = contractYear(contract.contractStartDate, new Date());
      const from = query.from ?? year.start;
      const to = query.to ?? year.end;
      const bucket = query.bucket ?? 'month';
      if (to < from) throw invalidPeriod('to', 'must not be before from');
      const starts = bucketStarts(from, to, bucket);
      if (starts.length > MAX_BUCKETS) {
        throw invalidPeriod('bucket', `more than ${MAX_BUCKETS} buckets: choose a longer bucket`);
      }

      const range = { from: startOfDay(from).toISOString(), until: startOfDay(addDays(to, 1)).toISOString() };
      const co2Since = co2CountedFrom(from);
      const co2Range = { from: startOfDay(co2Since).toISOString(), until: range.until };
      const [perBucket, perEnvironment, totals] = await Promise.all([
        analysesPerBucket(db, orgId, range, bucket),
        usePerEnvironment(db, orgId, range),
        quotaAndProcessing(db, orgId, startOfDay(year.start).toISOString(), co2Range),
      ]);

      const projects = projectsOf(perEnvironment);
      const quota = contract.yearlyQuota;
      return {
        period: { from, to, bucket },
        totals: {
          analyses: projects.reduce((sum, p) => sum + p.analyses, 0),
          tokens: projects.reduce((sum, p) => sum + p.tokens, 0),
          sizeMb: toMb(perEnvironment.reduce((sum, e) => sum + e.bytes, 0)),
        },
        series: starts.map((start) => ({
          start,
          analyses: perBucket.get(start)?.analyses ?? 0,
          tokens: perBucket.get(start)?.tokens ?? 0,
        })),
        projects,
        quota: {
          yearlyQuota: quota,
          contractStart: year.start,
          used: totals.used,
          remaining: quota === null ? null : Math.max(0, quota - totals.used),
          // A quota of 0 is used up from the start.
          percent: quota === null ? null : quota === 0 ? 100 : Math.round((totals.used / quota) * 1000) / 10,
        },
        co2: {
          since: co2Since,
          analyses: totals.co2Analyses,
          processingMs: totals.processingMs,
          ...footprintOf(totals.processingMs),
          method: FOOTPRINT_METHOD,
          factors: FOOTPRINT_FACTORS,
        },
      };
    },
  });
};
