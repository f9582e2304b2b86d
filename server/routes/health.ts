import type { FastifyInstance } from 'fastify';
import { DATABASE_UNAVAILABLE } from '../db/retry';
import type { Platform } from '../platform';

/** GET /healthz: 200 once migrations ran and the queue is up (the app is only built then), 503 if the database stops answering. */
export const healthRoutes = async (app: FastifyInstance, { platform }: { platform: Platform }) => {
  app.get('/healthz', async (_request, reply) => {
    try {
      await platform.db.query('SELECT 1');
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({
        status: 'unavailable',
        code: DATABASE_UNAVAILABLE.code,
        message: 'The database does not answer',
      });
    }
  });
};
