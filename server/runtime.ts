import { buildApp } from './app';
import { ConfigError, loadConfig } from './kernel/config';
import { createLogger } from './kernel/logger';
import { startPlatform } from './platform';
import { seedDemo } from './seed';

export interface RunOptions {
  api: boolean;
  worker: boolean;
}

/**
 * Starts a process in the given roles: `npm start` both (one process on the embedded database),
 * `npm run serve` the API alone, `npm run worker` the queue workers alone (DESIGN.md §2).
 */
export const run = async (roles: RunOptions): Promise<void> => {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const log = createLogger(config);
  const started = Date.now();
  let platform;
  try {
    platform = await startPlatform(config, log, { worker: roles.worker });
  } catch (err) {
    log.fatal({ err }, `could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const app = roles.api
    ? await buildApp(platform, { consoleDir: config.consoleDir, lazySchemas: true })
    : undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await app?.close();
    await platform.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (!app) {
    log.info({ ms: Date.now() - started }, 'worker ready');
    return;
  }
  const seeded = await seedDemo(platform.db, {
    email: config.seedAdminEmail,
    password: config.seedAdminPassword,
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host}:${port}`;
  log.info({ ms: Date.now() - started, url, database: platform.db.kind }, 'ready');
  const lines = [`Console ready at ${url}`];
  if (seeded?.generatedPassword) {
    lines.push(`Sign in as '${seeded.username}' with the password ${seeded.generatedPassword}`);
    lines.push('(generated for this installation and shown only once: change it in your profile)');
  } else if (seeded) {
    lines.push(`Sign in as '${seeded.username}' with SEED_ADMIN_PASSWORD.`);
  } else {
    lines.push('Sign in with your account (the first start printed the administrator password).');
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
};
