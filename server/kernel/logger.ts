import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config';

export type Logger = FastifyBaseLogger;

/** One pino logger for the process; Fastify's request logs are its children. */
export const createLogger = (config: Pick<Config, 'logLevel'>): Logger =>
  pino({ level: config.logLevel, base: { pid: process.pid } }) as unknown as Logger;
