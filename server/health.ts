import type { FastifyInstance } from 'fastify';
import { DATABASE_UNAVAILABLE, isStorageFull, STORAGE_FULL } from './kernel/db/retry';

/**
 * GET /healthz: 200 once migrations ran and the queue is up (the app is only built then); 503 if the
 * database stops answering (DATABASE_UNAVAILABLE) or can no longer write for want of disk space
 * (STORAGE_FULL: docs/security.md, "Disk full"), so that a load balancer or an operator sees it.
 */
export const healthRoutes = async (app: FastifyInstance) => {
  const storageFull = {
    status: 'unavailable',
    code: STORAGE_FULL.code,
    message: 'The database has no disk space left: writes are refused, reads still work',
  } as const;
  app.get('/healthz', async (_request, reply) => {
    if (app.db.storageFull?.()) return reply.status(503).send(storageFull);
    try {
      await app.db.query('SELECT 1');
      return { status: 'ok' };
    } catch (err) {
      if (isStorageFull(err)) return reply.status(503).send(storageFull);
      return reply.status(503).send({
        status: 'unavailable',
        code: DATABASE_UNAVAILABLE.code,
        message: 'The database does not answer',
      });
    }
  });
};
