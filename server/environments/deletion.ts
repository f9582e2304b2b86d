import type PgBoss from 'pg-boss';
import type { Db } from '../kernel/db';
import type { Logger } from '../kernel/logger';
import { queues } from '../kernel/queue';
import { deleteDocumentsBelow } from '../resources/document-store';

/**
 * Deletes the environments whose deletion was requested (spec platform-shell §4): their documents,
 * then the row, whose foreign keys take the rest. Idempotent: a job that runs again after a crash,
 * or for an environment already gone, does nothing more. The job was queued in the transaction that
 * recorded the request, so a request survives any restart until a worker completes it.
 */
export const startEnvironmentDeletionWorker = async (boss: PgBoss, db: Db, log: Logger) => {
  await boss.work<{ environmentId: string }>(
    queues.environmentDeletion,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      const { environmentId } = job.data;
      await db.transaction(async (tx) => {
        const marked = await tx.query(
          'SELECT 1 FROM environments WHERE id = $1 AND deletion_requested_at IS NOT NULL FOR UPDATE',
          [environmentId],
        );
        if (marked.length === 0) return;
        await deleteDocumentsBelow(tx, environmentId);
        await tx.query('DELETE FROM environments WHERE id = $1', [environmentId]);
      });
      log.info({ environmentId }, 'environment deleted');
    },
  );
};
