import { categorySchema } from '../../schemas/category.schema';
import type { Queryable } from '../db';
import { ClientError, notFound } from '../http/errors';
import type { Criterion } from '../pipeline/categorisation/model';
import { writeAudit } from '../resources/audit';
import { validationError } from '../resources/validation';

type CategoryRow = { id: string; data: Record<string, unknown> & { name: string; kind?: string } };

/** A criteria tree with `category` leaves naming `from` renamed to `to`; the same tree when none does. */
const renamedIn = (criterion: Criterion, from: string, to: string): Criterion => {
  if (criterion.type === 'category' && criterion.name === from) return { ...criterion, name: to };
  if (!criterion.children) return criterion;
  const children = criterion.children.map((c) => renamedIn(c, from, to));
  return children.every((c, i) => c === criterion.children![i]) ? criterion : { ...criterion, children };
};

/** The categories of an environment whose rules test the category `from`, rewritten to `to`. */
const referencingCategories = (categories: CategoryRow[], from: string, to: string) =>
  categories.flatMap((c) => {
    const rules = (c.data.rules ?? []) as { criteria: Criterion }[];
    const renamed = rules.map((r) => ({ ...r, criteria: renamedIn(r.criteria, from, to) }));
    return renamed.some((r, i) => r.criteria !== rules[i].criteria)
      ? [{ ...c, data: { ...c.data, rules: renamed } }]
      : [];
  });

export interface RenameActor {
  organisationId: string;
  actorId: string;
  impersonatorId?: string;
}

/**
 * Renames a category (spec pipeline §5: the name cannot be empty, and must change) and every
 * reference to it, in one transaction: the rules of other categories that test it, and the
 * environment's default category of its kind. Each rewritten category is audit-logged as an update.
 * Returns how many references followed.
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
     WHERE resource = 'category' AND scope = 'environment' AND scope_id = $1 ORDER BY created_at, id FOR UPDATE`,
    [environmentId],
  );
  const category = categories.find((c) => c.id === id);
  if (!category) throw notFound('Category');
  const old = category.data.name;
  if (old === name)
    throw validationError([
      { path: 'name', message: 'Change the name before saving the rename', custom: true },
    ]);
  const kind = category.data.kind ?? 'message';
  const taken = categories.some(
    (c) =>
      c.id !== id && (c.data.kind ?? 'message') === kind && c.data.name.toLowerCase() === name.toLowerCase(),
  );
  const rule = categorySchema['x-admin'].unique![0];
  if (taken)
    throw new ClientError(409, rule.code, rule.message, {
      details: [{ path: 'name', message: rule.message }],
    });

  const renamed = { ...category, data: { ...category.data, name } };
  const others = referencingCategories(
    categories.filter((c) => c.id !== id),
    old,
    name,
  );
  // The category itself may test its own name (a rule on its attachments, say).
  const [self] = referencingCategories([renamed], old, name);
  for (const changed of [self ?? renamed, ...others]) {
    const before = categories.find((c) => c.id === changed.id)!;
    await tx.query(
      `UPDATE resource_documents SET data = $3::jsonb, updated_at = now() WHERE resource = 'category' AND id = $1 AND scope_id = $2`,
      [changed.id, environmentId, JSON.stringify(changed.data)],
    );
    await writeAudit(tx, {
      ...actor,
      action: 'update',
      resource: 'categories',
      recordId: changed.id,
      before: before.data,
      after: changed.data,
    });
  }
  // The default category of its kind, when it is this one.
  const setting = kind === 'attachment' ? 'defaultAttachmentCategory' : 'defaultCategory';
  const defaults = await tx.query(
    `UPDATE environments SET settings = jsonb_set(settings, ARRAY[$4::text], to_jsonb($3::text))
     WHERE id = $1 AND settings->>$4 = $2 RETURNING id`,
    [environmentId, old, name, setting],
  );
  return { name, references: others.length + (self ? 1 : 0) + defaults.length };
};
