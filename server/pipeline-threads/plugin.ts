import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PipelinePool } from './pool';

declare module 'fastify' {
  interface FastifyInstance {
    /** The threads that run the pipeline: the test pages' tasks run there, off the event loop. */
    pipelines: PipelinePool;
  }
}

/**
 * Decorates the instance with the process's pipeline threads, for the routes that run a piece of
 * the pipeline on demand (the extractor, NLU and reply test pages).
 *
 * @example
 * await app.register(pipelinesPlugin, { pipelines });
 * await app.pipelines.task('compileServer', [server], limit);
 */
export const pipelinesPlugin = fp(
  async (app: FastifyInstance, { pipelines }: { pipelines: PipelinePool }) => {
    app.decorate('pipelines', pipelines);
  },
  { name: 'pipelines' },
);
