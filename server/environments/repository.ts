import { randomUUID } from 'node:crypto';
import { first, type Queryable } from '../kernel/db';
import type { Configuration } from './configuration/document';

/** What an access key's client reads of its environment (GET /v4/api/environment), or undefined. */
export const environmentOfKey = (q: Queryable, environmentId: string) =>
  first(
    q.query<{ id: string; project_id: string; name: string; languages: string[] | null }>(
      `SELECT id, project_id, name, settings->'languages' AS languages FROM environments WHERE id = $1`,
      [environmentId],
    ),
  );

/** An environment's name, or undefined. */
export const environmentName = async (q: Queryable, id: string) =>
  (await first(q.query<{ name: string }>('SELECT name FROM environments WHERE id = $1', [id])))?.name;

/** Whether a live environment of the project already has this name, in any case. */
export const environmentNameTaken = async (q: Queryable, projectId: string, name: string) =>
  (
    await q.query(
      `SELECT 1 FROM environments WHERE project_id = $1 AND lower(name) = lower($2)
       AND deletion_requested_at IS NULL`,
      [projectId, name],
    )
  ).length > 0;

/** A new environment of the project with its default settings: its id. */
export const insertEnvironment = async (q: Queryable, projectId: string, name: string) => {
  const id = randomUUID();
  await q.query('INSERT INTO environments (id, project_id, name) VALUES ($1, $2, $3)', [id, projectId, name]);
  return id;
};

/** A saved version of a live environment of the project, with its configuration, or undefined. */
export const projectVersion = (q: Queryable, id: string, projectId: string) =>
  first(
    q.query<{ id: string; name: string; environment_id: string; configuration: Configuration }>(
      `SELECT v.id, v.name, v.environment_id, v.configuration FROM environment_versions v
       JOIN environments e ON e.id = v.environment_id
       WHERE v.id = $1 AND e.project_id = $2 AND e.deletion_requested_at IS NULL`,
      [id, projectId],
    ),
  );
