import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from './auth/passwords';
import type { Db } from './kernel/db';
import { resourceSchemas } from '../schemas/index';
import { checkConfiguration, writeConfiguration } from './environments/configuration/import';
import { templateByKey } from './environments/templates';
import { localisedConfiguration } from '../schemas/template-localisation';
import { settingsProblems } from './environments/table';

export interface SeedResult {
  username: string;
  /** Only when this call generated it: it is shown once and never stored in clear. */
  generatedPassword?: string;
}

const SEED_LOCK = 727_002;
/** The use-case template the demo's Production environment starts from. */
const DEMO_TEMPLATE = 'insurance:meeting';

/** A password that meets the policy, readable enough to type once. */
const generatePassword = () => `${randomBytes(12).toString('base64url')}-Aa7`;

/**
 * First start: a demo organisation, project and environments (Production configured from a
 * use-case template, Recette empty), and an administrator (platform staff
 * and organisation admin). Does nothing once any user exists. The password comes from
 * SEED_ADMIN_PASSWORD, or is generated and returned so that the caller prints it once.
 */
export const seedDemo = async (
  db: Db,
  admin: { email?: string; password?: string },
): Promise<SeedResult | undefined> => {
  // Hashing is slow on purpose: skip it on every start after the first.
  const [{ n: users }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if (users > 0) return undefined;
  const password = admin.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if (n > 0) return undefined;

    const userId = randomUUID();
    const email = admin.email ?? 'admin@example.com';
    const username = admin.email ?? 'admin';
    await tx.query(
      `INSERT INTO users (id, username, email, firstname, lastname, password_hash, is_staff)
       VALUES ($1, $2, $3, 'Admin', 'Demo', $4, true)`,
      [userId, username, email, passwordHash],
    );
    const orgId = randomUUID();
    await tx.query(`INSERT INTO organisations (id, name, yearly_quota) VALUES ($1, 'Démo', 100000)`, [orgId]);
    await tx.query(
      `INSERT INTO memberships (organisation_id, user_id, is_admin, position) VALUES ($1, $2, true, 'Administrator')`,
      [orgId, userId],
    );
    const projectId = randomUUID();
    await tx.query(
      `INSERT INTO projects (id, organisation_id, name, type, notes) VALUES ($1, $2, 'Service client', 'nlu', $3)`,
      [projectId, orgId, 'Projet de démonstration : tri des mails du service client.'],
    );
    for (const [name, visibility] of [
      ['Production', 'public'],
      ['Recette', 'hidden'],
    ]) {
      const environmentId = randomUUID();
      await tx.query('INSERT INTO environments (id, project_id, name, visibility) VALUES ($1, $2, $3, $4)', [
        environmentId,
        projectId,
        name,
        visibility,
      ]);
      // Production analyses out of the box: the insurance use case, with its reply templates, its
      // descriptions in French, the console's default language.
      if (name === 'Production') {
        const configuration = localisedConfiguration(templateByKey(DEMO_TEMPLATE)!, 'fr');
        const checked = checkConfiguration(configuration, resourceSchemas, settingsProblems);
        await writeConfiguration(tx, environmentId, checked, resourceSchemas);
      }
    }
    return { username, generatedPassword: admin.password ? undefined : password };
  });
};
