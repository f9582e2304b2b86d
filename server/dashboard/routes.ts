import type { FastifyInstance } from 'fastify';
import { ANALYSIS_STATUSES } from '../../schemas/analysis-result';
import {
  getDashboard,
  type DashboardQuery,
  type DashboardReport,
  type DashboardStatusCounts,
} from '../../schemas/contracts/dashboard';
import { invalidTimeZone, resolvePeriod } from './period';
import { contractRoute } from '../kernel/http/contract-route';
import { ClientError } from '../kernel/http/errors';
import {
  analysisDurations,
  categoryCounts,
  extractionFill,
  statusSeries,
  stepDurations,
} from './repository';
import { requireLevel, resolveScope } from '../resources/access';

export const dashboardsDisabled = () =>
  new ClientError(404, 'DASHBOARDS_DISABLED', 'Dashboards are not available on this deployment');

const noStatus = (): DashboardStatusCounts =>
  Object.fromEntries(ANALYSIS_STATUSES.map((status) => [status, 0])) as DashboardStatusCounts;

/** PostgreSQL's "time zone not recognized" (invalid_parameter_value), for a zone Intl knows but it does not. */
const isUnknownZone = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '22023' &&
  /time zone/i.test(String((error as { message?: unknown }).message));

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * GET /v4/console/api/environments/{envId}/dashboard (spec §4, §6;
 * docs/decisions/dashboard-one-read.md): the analyses of a period by status over time, by category,
 * their error rate, processing times per pipeline step and extraction fill rates. For cockpit
 * viewers and above of the environment's project (the lowest level: a member without one, like
 * another tenant, gets 404 as everywhere); 404 DASHBOARDS_DISABLED when the deployment turned them
 * off.
 */
export const dashboardRoutes = async (app: FastifyInstance) => {
  const { db, config } = app;
  app.route({
    ...contractRoute(getDashboard),
    onRequest: app.authenticate,
    handler: async (request): Promise<DashboardReport> => {
      if (!config.dashboards) throw dashboardsDisabled();
      const { envId } = request.params as { envId: string };
      const scope = await resolveScope(db, request.auth, 'environment', envId);
      requireLevel(request.auth, scope, 'cockpit');
      const period = resolvePeriod(request.query as DashboardQuery, new Date());
      const filter = { environmentId: envId, from: period.from, to: period.to, timeZone: period.timeZone };

      let figures;
      try {
        // Side by side on PostgreSQL's pool (the page waits for the slowest, not for the sum);
        // PGlite's single connection takes them in turn.
        const [series, categories, analysis, steps, extraction] = await Promise.all([
          statusSeries(db, filter, period.bucket),
          categoryCounts(db, filter),
          analysisDurations(db, filter),
          stepDurations(db, filter),
          extractionFill(db, filter),
        ]);
        figures = { series, categories, analysis, steps, extraction };
      } catch (error) {
        if (isUnknownZone(error)) throw invalidTimeZone(period.timeZone);
        throw error;
      }

      const buckets = new Map(period.starts.map((start) => [start, { start, ...noStatus() }]));
      const totals = noStatus();
      for (const row of figures.series) {
        totals[row.status] += row.analyses;
        const bucket = buckets.get(row.start);
        if (bucket) bucket[row.status] += row.analyses;
      }
      const finished = totals.processed + totals.error + totals.aborted;
      const { extraction } = figures;
      return {
        period: { from: period.from, to: period.to, bucket: period.bucket, timeZone: period.timeZone },
        totals: {
          ...totals,
          analyses: Object.values(totals).reduce((sum, n) => sum + n, 0),
          errorRate: finished === 0 ? null : totals.error / finished,
        },
        series: [...buckets.values()],
        categories: figures.categories,
        durations: {
          analysis: {
            runs: figures.analysis.runs,
            p50: figures.analysis.p50 === null ? null : round(figures.analysis.p50),
            p95: figures.analysis.p95 === null ? null : round(figures.analysis.p95),
          },
          steps: figures.steps.map((s) => ({
            ...s,
            p50: round(s.p50),
            p90: round(s.p90),
            p95: round(s.p95),
            max: round(s.max),
          })),
        },
        extraction: {
          analyses: extraction.analyses,
          fields: extraction.fields.map((f) => ({
            ...f,
            rate: extraction.analyses === 0 ? 0 : Math.min(1, f.filled / extraction.analyses),
          })),
        },
      };
    },
  });
};
