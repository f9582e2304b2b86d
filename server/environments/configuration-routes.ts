import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { environmentSchema } from '../../schemas/environment.schema';
import {
  CONFIGURATION_MAX_BYTES,
  checkConfiguration,
  diffConfigurations,
  readConfiguration,
  writeConfiguration,
} from './configuration';
import {
  environmentName,
  environmentNameTaken,
  insertEnvironment,
  projectVersion,
} from './repository';
import { ClientError, notFound } from '../kernel/http/errors';
import { configurableEnvironment, requireLevel, resolveScope } from '../resources/access';
import { writeAudit } from '../resources/audit';
import { isUuid } from '../kernel/http/ids';
import { CONSOLE_API } from '../resources/routes';
import { settingsProblems } from './table';
import { resourceValidator } from '../resources/validation';

const environmentValidator = resourceValidator(environmentSchema);

interface Options {
  schemas: readonly ResourceSchema[];
}

/**
 * An environment's configuration as one document
 * (docs/decisions/resources-configuration-document.md): export, import (which replaces everything,
 * atomically), and the versions' restore and comparisons. All are for the environment's
 * configurators (spec §6: configuration).
 */
export const configurationRoutes = async (app: FastifyInstance, { schemas }: Options) => {
  const { db } = app;
  app.addHook('onRequest', app.authenticate);

  /** The environment of the path, once the caller may configure it; 404 as for any other read. */
  const configurable = (request: FastifyRequest, envId: string) =>
    configurableEnvironment(db, request.auth, envId);

  /** The version of the path, in the project of the path, once the caller may configure it. */
  const versionOf = async (request: FastifyRequest, projectId: string, id: string) => {
    const scope = await resolveScope(db, request.auth, 'project', projectId);
    requireLevel(request.auth, scope, 'configurator');
    const version = isUuid(id) ? await projectVersion(db, id, projectId) : undefined;
    if (!version) throw notFound('version');
    return { scope, version };
  };

  /** One audit row for a whole replacement: what it came from, and how many entities it wrote. */
  const auditReplacement = (
    tx: Parameters<typeof writeAudit>[0],
    request: FastifyRequest,
    organisationId: string | undefined,
    envId: string,
    source: Record<string, unknown>,
  ) =>
    writeAudit(tx, {
      organisationId,
      actorId: request.auth.user.id,
      impersonatorId: request.auth.impersonator?.id,
      action: 'update',
      resource: 'environments',
      recordId: envId,
      after: { configuration: source },
    });

  app.get(`${CONSOLE_API}/environments/:envId/configuration`, async (request, reply) => {
    const { envId } = request.params as { envId: string };
    await configurable(request, envId);
    const name = (await environmentName(db, envId)) ?? '';
    const file = `${name.replace(/[^\p{L}\p{N}._-]+/gu, '-')}-configuration.json`;
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file)}`);
    return readConfiguration(db, envId, schemas);
  });

  app.put(
    `${CONSOLE_API}/environments/:envId/configuration`,
    { bodyLimit: CONFIGURATION_MAX_BYTES },
    async (request) => {
      const { envId } = request.params as { envId: string };
      const scope = await configurable(request, envId);
      const checked = checkConfiguration(request.body, schemas, settingsProblems);
      const entities = await db.transaction(async (tx) => {
        const written = await writeConfiguration(tx, envId, checked, schemas);
        await auditReplacement(tx, request, scope.organisationId, envId, { imported: written });
        return written;
      });
      return { entities };
    },
  );

  /**
   * A new environment made from a configuration file (spec §3: creation by import), in one
   * transaction: a bad file or a taken name leaves no environment behind.
   */
  app.post(
    `${CONSOLE_API}/projects/:projectId/environments/import`,
    { bodyLimit: CONFIGURATION_MAX_BYTES },
    async (request, reply) => {
      const { projectId } = request.params as { projectId: string };
      const scope = await resolveScope(db, request.auth, 'project', projectId);
      requireLevel(request.auth, scope, environmentSchema['x-admin'].access.write);
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as {
        name?: unknown;
        configuration?: unknown;
      };
      environmentValidator.create({ name: body.name });
      const name = body.name as string;
      const checked = checkConfiguration(body.configuration, schemas, settingsProblems);
      const created = await db.transaction(async (tx) => {
        if (await environmentNameTaken(tx, projectId, name)) {
          const [rule] = environmentSchema['x-admin'].unique;
          throw new ClientError(409, rule.code, rule.message, {
            details: [{ path: 'name', message: rule.message }],
          });
        }
        const id = await insertEnvironment(tx, projectId, name);
        const entities = await writeConfiguration(tx, id, checked, schemas);
        await writeAudit(tx, {
          organisationId: scope.organisationId,
          actorId: request.auth.user.id,
          impersonatorId: request.auth.impersonator?.id,
          action: 'create',
          resource: 'environments',
          recordId: id,
          after: { name, configuration: { imported: entities } },
        });
        return { id, projectId, name, entities };
      });
      return reply.status(201).send(created);
    },
  );

  app.post(`${CONSOLE_API}/projects/:projectId/versions/:id/restore`, async (request) => {
    const { projectId, id } = request.params as { projectId: string; id: string };
    const { scope, version } = await versionOf(request, projectId, id);
    // Into its own environment: the ids are the ones it had, so the restored state is exactly it.
    const checked = checkConfiguration(version.configuration, schemas, settingsProblems, { keepIds: true });
    const entities = await db.transaction(async (tx) => {
      const written = await writeConfiguration(tx, version.environment_id, checked, schemas);
      await auditReplacement(tx, request, scope.organisationId, version.environment_id, {
        restoredVersion: version.name,
      });
      return written;
    });
    return { entities };
  });

  app.get(`${CONSOLE_API}/projects/:projectId/versions/:id/diff`, async (request) => {
    const { projectId, id } = request.params as { projectId: string; id: string };
    const { with: other = 'current' } = request.query as { with?: string };
    const { version } = await versionOf(request, projectId, id);
    const target =
      other === 'current'
        ? await readConfiguration(db, version.environment_id, schemas)
        : (await versionOf(request, projectId, other)).version.configuration;
    return diffConfigurations(version.configuration, target);
  });
};
