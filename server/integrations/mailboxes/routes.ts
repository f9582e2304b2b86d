import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkConnector,
  createConnector,
  deleteConnector as deleteConnectorCall,
  getConnector,
  listConnectorRuns,
  listConnectors as listConnectorsCall,
  runConnector as runConnectorCall,
  setConnectorActive as setConnectorActiveCall,
  updateConnector as updateConnectorCall,
  type ConnectorInput,
  type ExchangeSettings,
  type ImapSettings,
} from '../../../schemas/contracts/connectors';
import type { Queryable } from '../../kernel/db';
import { contractRoute } from '../../kernel/http/contract-route';
import { ClientError, notFound } from '../../kernel/http/errors';
import { outboundPolicy } from '../../kernel/outbound';
import { queues } from '../../kernel/queue';
import { configurableEnvironment, type Scope } from '../../resources/access';
import { writeAudit } from '../../resources/audit';
import { validationError } from '../../resources/validation';
import { checkMailbox, problemOf } from './open';
import {
  connectorRow,
  deleteConnector,
  insertConnector,
  listConnectors,
  listRuns,
  queueManualRun,
  readConnector,
  recordHealth,
  setConnectorActive,
  updateConnector,
  type ConnectorRow,
} from './repository';
import { checkedInput, secretRequired, storedSettings } from './rules';

type Params = { envId: string; id: string };
type Secrets = Record<string, string | undefined>;

/** The secret each app type cannot work without. */
const REQUIRED_SECRET = { imap: 'password', exchange: 'clientSecret' } as const;

/** What names the mailbox read: changing it starts the cursor again. */
const mailboxOf = (appType: 'imap' | 'exchange', s: ImapSettings | ExchangeSettings) =>
  appType === 'imap'
    ? [(s as ImapSettings).host, (s as ImapSettings).username, (s as ImapSettings).folder].join('\n')
    : [(s as ExchangeSettings).tenantId, (s as ExchangeSettings).userEmail].join('\n');

const appTypeChanged = (appType: string) =>
  validationError([
    {
      path: 'appType',
      message: `must stay ${appType}: make a new connector for another app type`,
      keyword: 'const',
    },
  ]);

/**
 * Mail connectors of an environment (docs/connectors.md): the integrations page's list, the
 * wizard's two steps (create, then activate: the mailbox is checked first), the detail's edits,
 * healthcheck and manual runs. Configurators only, checked here. Secrets are sealed before they are
 * stored (kernel/secrets.ts) and never answered; each change is audited without them.
 */
export const connectorRoutes = async (app: FastifyInstance) => {
  const { db, config, secrets: box, queue } = app;
  const policy = outboundPolicy(config.outboundAllow);
  // A check from the console tells the user at once: it never starts the mail of a series of failures.
  const mailAfterSeconds = null;

  const sealed = (secrets: Secrets | undefined) => {
    const given = Object.fromEntries(
      Object.entries(secrets ?? {}).filter(([, v]) => typeof v === 'string' && v !== ''),
    );
    return Object.keys(given).length
      ? { sealed: box.seal(JSON.stringify(given)), fields: Object.keys(given) }
      : null;
  };
  const found = async (request: FastifyRequest<{ Params: Params }>) => {
    const scope = await configurableEnvironment(db, request.auth, request.params.envId);
    const row = await connectorRow(db, scope.id!, request.params.id);
    if (!row) throw notFound('connector');
    return { scope, row };
  };
  const answer = async (q: Queryable, scope: Scope, id: string) => (await readConnector(q, scope.id!, id))!;
  const audit = (
    q: Queryable,
    request: FastifyRequest,
    scope: Scope,
    action: 'create' | 'update' | 'delete',
    id: string,
    before?: Record<string, unknown>,
    after?: Record<string, unknown>,
  ) =>
    writeAudit(q, {
      organisationId: scope.organisationId,
      actorId: request.auth.user.id,
      impersonatorId: request.auth.impersonator?.id,
      action,
      resource: 'connectors',
      recordId: id,
      before,
      after,
    });
  const audited = (row: Pick<ConnectorRow, 'name' | 'active' | 'settings'>) => ({
    name: row.name,
    active: row.active,
    settings: row.settings,
  });
  const services = { secrets: box, policy, microsoft: config.microsoft };
  const check = async (row: ConnectorRow) => {
    const started = Date.now();
    try {
      const folder = await checkMailbox(db, services, row);
      return { ok: true as const, problem: null, folder, durationMs: Date.now() - started };
    } catch (err) {
      return {
        ok: false as const,
        problem: problemOf(err, row).problem,
        folder: null,
        durationMs: Date.now() - started,
      };
    }
  };

  app.register(async (routes) => {
    routes.addHook('onRequest', app.authenticate);

    routes.route({
      ...contractRoute(listConnectorsCall),
      handler: async (request: FastifyRequest<{ Params: { envId: string } }>) => {
        const scope = await configurableEnvironment(db, request.auth, request.params.envId);
        return { data: await listConnectors(db, scope.id!) };
      },
    });

    routes.route({
      ...contractRoute(getConnector),
      handler: async (request: FastifyRequest<{ Params: Params }>) => {
        const { scope, row } = await found(request);
        return answer(db, scope, row.id);
      },
    });

    routes.route({
      ...contractRoute(createConnector),
      handler: async (
        request: FastifyRequest<{ Params: { envId: string }; Body: ConnectorInput }>,
        reply,
      ) => {
        const scope = await configurableEnvironment(db, request.auth, request.params.envId);
        const input = checkedInput(request.body);
        const { name, appType } = input;
        const settings = storedSettings(input, policy);
        const secrets = sealed(input.secrets);
        const required = REQUIRED_SECRET[appType];
        if (!secrets?.fields.includes(required)) throw secretRequired(required);
        const created = await db.transaction(async (tx) => {
          const id = await insertConnector(tx, {
            environmentId: scope.id!,
            name: name.trim(),
            appType,
            settings,
            secrets: secrets.sealed,
            secretFields: secrets.fields,
            ownerId: request.auth.user.id,
            ownerLocale: request.auth.user.language ?? 'fr',
          });
          await audit(
            tx,
            request,
            scope,
            'create',
            id,
            undefined,
            audited({ name, active: false, settings }),
          );
          return answer(tx, scope, id);
        });
        return reply.code(201).send(created);
      },
    });

    routes.route({
      ...contractRoute(updateConnectorCall),
      handler: async (request: FastifyRequest<{ Params: Params; Body: ConnectorInput }>) => {
        const { scope, row } = await found(request);
        if (request.body.appType !== row.app_type) throw appTypeChanged(row.app_type);
        const input = checkedInput(request.body);
        const settings = storedSettings(input, policy, row.settings.startDate ?? undefined);
        const secrets = sealed(input.secrets);
        const mailboxChanged = mailboxOf(row.app_type, row.settings) !== mailboxOf(row.app_type, settings);
        return db.transaction(async (tx) => {
          await updateConnector(tx, row.id, {
            name: request.body.name.trim(),
            settings,
            secrets: secrets?.sealed ?? null,
            secretFields: [...new Set([...row.secret_fields, ...(secrets?.fields ?? [])])],
            mailboxChanged,
          });
          await audit(tx, request, scope, 'update', row.id, audited(row), {
            ...audited({ name: request.body.name, active: row.active, settings }),
            ...(secrets ? { secrets: 'changed' } : {}),
          });
          return answer(tx, scope, row.id);
        });
      },
    });

    routes.route({
      ...contractRoute(deleteConnectorCall),
      handler: async (request: FastifyRequest<{ Params: Params }>, reply) => {
        const { scope, row } = await found(request);
        await db.transaction(async (tx) => {
          await deleteConnector(tx, row.id);
          await audit(tx, request, scope, 'delete', row.id, audited(row));
        });
        return reply.code(204).send();
      },
    });

    routes.route({
      ...contractRoute(setConnectorActiveCall),
      handler: async (request: FastifyRequest<{ Params: Params; Body: { active: boolean } }>) => {
        const { scope, row } = await found(request);
        const { active } = request.body;
        if (active && !row.active) {
          // The wizard's "authorize" step: a connector that cannot sign in is not switched on.
          const checked = await check(row);
          await recordHealth(db, row.id, checked.problem, mailAfterSeconds);
          if (!checked.ok) {
            throw new ClientError(
              400,
              'CONNECTOR_CHECK_FAILED',
              `The mailbox could not be reached: ${checked.problem!.message}`,
              {
                params: { reason: checked.problem!.message, problem: checked.problem!.code },
              },
            );
          }
        }
        return db.transaction(async (tx) => {
          await setConnectorActive(tx, row.id, active);
          if (active !== row.active) {
            await audit(tx, request, scope, 'update', row.id, { active: row.active }, { active });
            if (active)
              await queue.send(tx, queues.connectorRun, { connectorId: row.id }, { singletonKey: row.id });
          }
          return answer(tx, scope, row.id);
        });
      },
    });

    routes.route({
      ...contractRoute(checkConnector),
      handler: async (request: FastifyRequest<{ Params: Params }>) => {
        const { scope, row } = await found(request);
        const checked = await check(row);
        await recordHealth(db, row.id, checked.problem, mailAfterSeconds);
        return { ...checked, connector: await answer(db, scope, row.id) };
      },
    });

    routes.route({
      ...contractRoute(runConnectorCall),
      handler: async (
        request: FastifyRequest<{
          Params: Params;
          Body: { fromDate: string; toDate: string | null; forceDuplicates: boolean };
        }>,
        reply,
      ) => {
        const { row } = await found(request);
        const { fromDate, toDate, forceDuplicates } = request.body;
        if (toDate && Date.parse(toDate) <= Date.parse(fromDate))
          throw validationError([
            { path: 'toDate', message: 'must be after the from date', keyword: 'afterFromDate' },
          ]);
        const run = await db.transaction(async (tx) => {
          const queued = await queueManualRun(tx, row.id, {
            fromDate,
            toDate,
            forceDuplicates,
            requestedBy: request.auth.user.id,
          });
          await queue.send(tx, queues.connectorRun, { connectorId: row.id }, { singletonKey: row.id });
          return queued;
        });
        return reply.code(201).send(run);
      },
    });

    routes.route({
      ...contractRoute(listConnectorRuns),
      handler: async (request: FastifyRequest<{ Params: Params }>) => {
        const { row } = await found(request);
        return { data: await listRuns(db, row.id) };
      },
    });
  });
};
