/**
 * The platform as the end-to-end tests meet it: a fresh database (a temporary DATA_DIR, or a new
 * database on TEST_DATABASE_URL's server), the built console, the real queue and worker, and a
 * real SMTP server whose received mails the tests read at http://127.0.0.1:E2E_MAIL_PORT/mails.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../../support/scratch-database';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/kernel/config';
import { createLogger } from '../../../server/kernel/logger';
import { startPlatform } from '../../../server/platform';
import { seedDemo } from '../../../server/seed';
import { startSmtpServer } from '../../api/support/smtp';
import { seedE2eUsers } from './users';
import { E2E_ADMIN, E2E_MAIL_PORT, E2E_PORT } from './constants';

const freshDatabaseEnv = async (): Promise<Record<string, string>> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-')) };
  return { DATABASE_URL: (await createScratchDatabase(serverUrl, 'e2e')).url };
};

const smtp = await startSmtpServer();
const config = loadConfig({
  ...(await freshDatabaseEnv()),
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
  SMTP_URL: smtp.url,
  LOG_LEVEL: 'warn',
  CONSOLE_DIR: 'dist',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
  PASSWORD_MAX_AGE: '90d',
  // Webhook receivers run in the tests' process, on loopback; retries come fast enough to watch.
  OUTBOUND_ALLOW: '127.0.0.1',
  WEBHOOK_RETRY_BASE_MS: '200',
  WEBHOOK_TIMEOUT_MS: '2000',
  // Alerts are evaluated every 2 seconds, so a spec sees one fire as soon as its condition holds.
  ALERT_INTERVAL: '2',
  // A mail connector reads its mailbox every second: the connectors' spec sees its mail arrive quickly.
  CONNECTOR_INTERVAL: '1',
});
const platform = await startPlatform(config, createLogger(config), { worker: true });
await seedDemo(platform.db, { email: E2E_ADMIN.username, password: E2E_ADMIN.password });
await seedE2eUsers(platform.db);
// As `npm start` builds it: each route's schemas compile at its first request.
const app = await buildApp(platform, { consoleDir: config.consoleDir, lazySchemas: true });
await app.listen({ port: config.port, host: config.host });

http
  .createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify(
        smtp.received.map((m) => ({
          to: m.to && 'text' in m.to ? m.to.text : '',
          subject: m.subject,
          text: m.text,
        })),
      ),
    );
  })
  .listen(E2E_MAIL_PORT, '127.0.0.1');

console.log(`e2e platform on http://127.0.0.1:${E2E_PORT} (${platform.db.kind})`);
