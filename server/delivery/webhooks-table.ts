import { randomBytes, randomUUID } from 'node:crypto';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import type { Queryable } from '../kernel/db';
import { bumpWebhooksVersionSql } from './deliveries';
import { outboundPolicy, refuseUrl, urlRefusalProblem } from '../kernel/outbound';
import type { Kernel } from '../kernel/plugins/kernel';
import { validationError } from '../resources/validation';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ResourceStore } from '../resources/store';

const columns = {
  id: 'h.id',
  environmentId: 'h.environment_id',
  url: 'h.url',
  type: 'h.type',
  format: 'h.format',
  active: 'h.active',
  authorizationName: 'h.authorization_name',
  // Never read back: the console shows whether one is set by the header name.
  authorizationValue: 'NULL::text',
  // Only the answer to the write that set it carries it.
  secret: 'NULL::text',
  failingSince: 'h.failing_since',
  deactivatedReason: 'h.deactivated_reason',
  ownerName: 'owner.username',
  createdAt: 'h.created_at',
  updatedAt: 'h.updated_at',
};

/** A secret made for a webhook created without one: 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * Webhooks of an environment (their own table: the delivery worker joins them). A URL to an
 * internal address is refused at save (server/kernel/outbound.ts) and again at each request. Every write
 * bumps the environment's webhook version, so that workers deliver to the webhooks as they are now.
 */
export const webhooksStore = (schema: ResourceSchema, kernel: Kernel): ResourceStore => {
  const policy = outboundPolicy(kernel.config.outboundAllow);
  const { reread, ...reads } = sqlReads({
    schema,
    from: 'webhooks h LEFT JOIN users owner ON owner.id = h.owner_id',
    select: selectOf(columns),
    idExpr: 'h.id',
    scopeExpr: 'h.environment_id',
    fields: columns,
  });
  const checkUrl = (url: string) => {
    const refused = refuseUrl(url, policy);
    if (!refused) return;
    throw validationError([urlRefusalProblem('url', refused)]);
  };
  const bump = (q: Queryable, environmentId: string) =>
    q.query(bumpWebhooksVersionSql('$1::uuid'), [environmentId]);
  return {
    ...reads,
    create: async (q, ctx, data) => {
      checkUrl(data.url as string);
      const id = randomUUID();
      const secret = str(data.secret) ?? newSecret();
      const authorizationName = str(data.authorizationName);
      await q.query(
        `INSERT INTO webhooks (id, environment_id, url, type, format, active, authorization_name, authorization_value,
                               secret, owner_id, owner_locale)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          id,
          ctx.scopeId,
          data.url,
          data.type ?? 'processed',
          data.format ?? 'full',
          data.active ?? true,
          authorizationName,
          authorizationName ? str(data.authorizationValue) : null,
          secret,
          ctx.actor.id,
          ctx.locale,
        ],
      );
      await bump(q, ctx.scopeId!);
      return { ...(await reread(q, id)), secret };
    },
    update: async (q, ctx, before, data) => {
      checkUrl(data.url as string);
      const secret = str(data.secret);
      const authorizationName = str(data.authorizationName);
      await q.query(
        `UPDATE webhooks SET url = $2, type = $3, format = $4, active = $5, authorization_name = $6,
                authorization_value = CASE WHEN $6::text IS NULL THEN NULL ELSE coalesce($7, authorization_value) END,
                secret = coalesce($8, secret), updated_at = now(),
                failing_since = CASE WHEN $5 AND NOT active THEN NULL ELSE failing_since END,
                deactivated_reason = CASE WHEN $5 THEN NULL ELSE deactivated_reason END
         WHERE id = $1`,
        [
          before.id,
          data.url,
          data.type,
          data.format,
          data.active,
          authorizationName,
          str(data.authorizationValue),
          secret,
        ],
      );
      await bump(q, ctx.scopeId!);
      return { ...(await reread(q, before.id)), secret };
    },
    delete: async (q, ctx, before) => {
      await q.query('DELETE FROM webhooks WHERE id = $1', [before.id]);
      await bump(q, ctx.scopeId!);
    },
  };
};
