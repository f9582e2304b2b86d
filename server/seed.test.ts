import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localisedConfiguration, templateProse } from '../schemas/template-localisation';
import type { Db } from './kernel/db';
import { migrate } from './kernel/db/migrate';
import { openPglite } from './kernel/db/pglite';
import { templateByKey } from './environments/templates';
import { seedDemo } from './seed';

let db: Db;

beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db);
}, 60_000);
afterAll(() => db.close());

describe('the demo seed', () => {
  it('makes Production from the insurance template in French, the console’s default language', async () => {
    expect(await seedDemo(db, { password: 'Demo-password-1234' })).toMatchObject({ username: 'admin' });
    const [production] = await db.query<{ id: string }>(
      `SELECT id FROM environments WHERE name = 'Production'`,
    );
    const rows = await db.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM resource_documents WHERE scope = 'environment' AND scope_id = $1`,
      [production.id],
    );
    const template = templateByKey('insurance:meeting')!;
    const advisor = rows.find((r) => r.data.name === 'advisor' && r.data.expressions);
    expect(advisor?.data.description).toBe('L’interlocuteur du client chez l’assureur');
    // Every description and comment stored is the template's French, none its English.
    const stored = new Set(rows.flatMap((r) => [r.data.description, r.data.comment]).filter(Boolean));
    const french = templateProse(localisedConfiguration(template, 'fr')).map((p) => p.text);
    expect([...stored].sort()).toEqual([...new Set(french)].sort());
  });
});
