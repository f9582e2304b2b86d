import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  authorizeConnector,
  checkConnector,
  completeGmailAuthorization,
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
  type GmailSettings,
  type ImapSettings,
} from '../../../schemas/contracts/connectors';
import { fieldProblem } from '../../../schemas/detail-messages';
import type { Queryable } from '../../kernel/db';
import { contractRoute } from '../../kernel/http/contract-route';
import { ClientError, notFound } from '../../kernel/http/errors';
import { outboundPolicy } from '../../kernel/outbound';
import { queues } from '../../kernel/queue';
import { configurableEnvironment, type Scope } from '../../resources/access';
import { writeAudit } from '../../resources/audit';
import { validationError } from '../../resources/validation';
import { consentUrl, exchangeCode, gmailProfile, pkce } from './gmail';
import { checkMailbox, googleClientOf, problemOf, secretsOf } from './open';
import {
  connectorById,
  connectorRow,
  consumeOAuthState,
  deleteConnector,
  insertOAuthState,
  setAuthorization,
  storeGrant,
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

/** The secret a connector cannot work without, given by the user (a Gmail grant is the server's own). */
const requiredSecret = (input: ConnectorInput) =>
  input.appType === 'imap'
    ? 'password'
    : input.appType === 'exchange' || input.settings.customCredentials
      ? 'clientSecret'
      : undefined;

/** What names the mailbox read: changing it starts the cursor again. */
const mailboxOf = (appType: ConnectorRow['app_type'], s: ConnectorRow['settings']) =>
  appType === 'imap'
    ? [(s as ImapSettings).host, (s as ImapSettings).username, (s as ImapSettings).folder].join('\n')
    : appType === 'exchange'
      ? [(s as ExchangeSettings).tenantId, (s as ExchangeSettings).userEmail].join('\n')
      : (s as GmailSettings).user;

/** How long a consent page may come back (its state's life). */
const OAUTH_STATE_SECONDS = 600;
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

const OAUTH_STATE_INVALID = () =>
  new ClientError(
    400,
    'OAUTH_STATE_INVALID',
    'This authorization is unknown, expired, already used or was started by another user: authorize again',
  );

const GOOGLE_CREDENTIALS_MISSING = () =>
  new ClientError(
    400,
    'GOOGLE_CREDENTIALS_MISSING',
    'This deployment has no Google OAuth client (GOOGLE_CLIENT_ID): give the connector its own credentials',
  );

const appTypeChanged = (appType: string) =>
  validationError([
    {
      ...fieldProblem('appType', 'connectorAppTypeFixed', { appType }),
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
  const services = {
    secrets: box,
    policy,
    microsoft: config.microsoft,
    google: config.google,
    publicUrl: config.publicUrl,
  };
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
        const required = requiredSecret(input);
        if (required && !secrets?.fields.includes(required)) throw secretRequired(required);
        if (input.appType === 'gmail' && !input.settings.customCredentials && !config.google.client)
          throw GOOGLE_CREDENTIALS_MISSING();
        const created = await db.transaction(async (tx) => {
          const id = await insertConnector(tx, {
            environmentId: scope.id!,
            name: name.trim(),
            appType,
            settings,
            secrets: secrets?.sealed ?? null,
            secretFields: secrets?.fields ?? [],
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
        if (checked.problem?.code === 'GMAIL_REAUTHORIZE' && row.grant_state === 'configured')
          await setAuthorization(db, row.id, 'reauthorize');
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
            { ...fieldProblem('toDate', 'connectorRunToDate'), keyword: 'afterFromDate' },
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
      ...contractRoute(authorizeConnector),
      handler: async (request: FastifyRequest<{ Params: Params }>) => {
        const { row } = await found(request);
        if (row.app_type !== 'gmail')
          throw validationError([{ ...fieldProblem('appType', 'connectorNotOAuth'), keyword: 'const' }]);
        const client = googleClientOf(services, row.settings as GmailSettings, await secretsOf(db, box, row));
        if (!client) throw GOOGLE_CREDENTIALS_MISSING();
        const flow = pkce();
        const expiresAt = await db.transaction((tx) =>
          insertOAuthState(tx, {
            stateHash: hashState(flow.state),
            connectorId: row.id,
            userId: request.auth.user.id,
            verifier: box.seal(flow.verifier),
            redirectUri: client.redirectUri,
            seconds: OAUTH_STATE_SECONDS,
          }),
        );
        return {
          url: consentUrl(config.google, client, row.settings as GmailSettings, flow),
          expiresAt: expiresAt.toISOString(),
        };
      },
    });

    routes.route({
      ...contractRoute(completeGmailAuthorization),
      handler: async (
        request: FastifyRequest<{ Body: { state: string; code?: string; error?: string } }>,
      ) => {
        const { state, code, error } = request.body;
        const used = await consumeOAuthState(db, hashState(state), request.auth.user.id);
        if (!used) throw OAUTH_STATE_INVALID();
        const row = (await connectorById(db, used.connector_id))!;
        const scope = await configurableEnvironment(db, request.auth, row.environment_id);
        const settings = row.settings as GmailSettings;
        if (error || !code) {
          await setAuthorization(
            db,
            row.id,
            row.grant_state === 'configuring' ? 'notConfigured' : 'reauthorize',
          );
          throw new ClientError(400, 'OAUTH_DENIED', `Google did not grant access (${error ?? 'no code'})`, {
            params: { reason: error ?? '' },
          });
        }
        const opened = await secretsOf(db, box, row);
        const client = googleClientOf(services, settings, opened);
        if (!client) throw GOOGLE_CREDENTIALS_MISSING();
        const exchanged = await exchangeCode(config.google, client, code, box.open(used.verifier), 15_000);
        if ('refused' in exchanged)
          throw new ClientError(
            400,
            'OAUTH_CODE_REJECTED',
            `Google refused the code (${exchanged.refused})`,
            {
              params: { reason: exchanged.refused },
            },
          );
        // The grant must be the connector's mailbox's: another signed-in Google account is refused.
        const { client: _platformClient, ...endpoints } = config.google;
        const profile = await gmailProfile({
          settings,
          client,
          refreshToken: exchanged.refreshToken,
          endpoints,
          timeoutMs: 15_000,
        });
        if (profile.emailAddress.toLowerCase() !== settings.user.toLowerCase())
          throw new ClientError(
            400,
            'OAUTH_WRONG_ACCOUNT',
            `Google was signed in as ${profile.emailAddress}, not ${settings.user}: sign in with the connector's account`,
            { params: { account: profile.emailAddress, user: settings.user } },
          );
        const connector = await db.transaction(async (tx) => {
          await storeGrant(
            tx,
            row.id,
            box.seal(JSON.stringify({ ...opened, refreshToken: exchanged.refreshToken })),
            exchanged.expiresAt,
          );
          await audit(
            tx,
            request,
            scope,
            'update',
            row.id,
            { authorization: row.grant_state },
            { authorization: 'configured' },
          );
          return answer(tx, scope, row.id);
        });
        return { projectId: scope.projectId!, connector };
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
