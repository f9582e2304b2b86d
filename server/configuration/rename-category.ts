import { categorySchema } from '../../schemas/category.schema';
import type { Queryable } from '../kernel/db';
import { ClientError, notFound } from '../kernel/http/errors';
import { writeAudit } from '../resources/audit';
import { validationError } from '../resources/validation';
import { followRename } from './references';

type CategoryRow = { id: string; data: Record<string, unknown> & { name: string; kind?: string } };

export interface RenameActor {
  organisationId: string;
  actorId: string;
  impersonatorId?: string;
}

/**
 * Renames a category (spec pipeline §5: the name cannot be empty, and must change) and every
 * reference to it, in one transaction: the rules that test it (references.ts), and the
 * environment's default category of its kind. Every rewritten category is audit-logged as an
 * update. Returns how many references followed.
 *
 * @example
 *   await db.transaction((tx) => renameCategory(tx, envId, id, 'Claims', actor)) // { references: 2 }
 */
export const renameCategory = async (
  tx: Queryable,
  environmentId: string,
  id: string,
  newName: string,
  actor: RenameActor,
): Promise<{ name: string; references: number }> => {
  const name = newName.trim();
  if (!name)
    throw validationError([{ path: 'name', message: 'Category name cannot be empty', custom: true }]);
  const categories = await tx.query<CategoryRow>(
    `SELECT id, data FROM resource_documents
     WHERE resource = 'category' AND scope = 'environment' AND scope_id = $1 FOR UPDATE`,
    [environmentId],
  );
  const category = categories.find((c) => c.id === id);
  if (!category) throw notFound('category');
  const old = category.data.name;
  if (old === name)
    throw validationError([
      { path: 'name', message: 'Change the name before saving the rename', custom: true },
    ]);
  const kind = category.data.kind ?? 'message';
  const rule = categorySchema['x-admin'].unique![0];
  if (
    categories.some(
      (c) =>
        c.id !== id &&
        (c.data.kind ?? 'message') === kind &&
        c.data.name.toLowerCase() === name.toLowerCase(),
    )
  )
    throw new ClientError(409, rule.code, rule.message, {
      details: [{ path: 'name', message: rule.message }],
    });

  const renamed = { ...category.data, name };
  await tx.query(
    `UPDATE resource_documents SET data = $2::jsonb, updated_at = now() WHERE resource = 'category' AND id = $1`,
    [id, JSON.stringify(renamed)],
  );
  await writeAudit(tx, {
    ...actor,
    action: 'update',
    resource: 'categories',
    recordId: id,
    before: category.data,
    after: renamed,
  });
  const references = await followRename(
    tx,
    environmentId,
    { resource: 'category', before: category.data, after: renamed },
    actor,
  );
  return { name, references };
};
