import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UseCaseTemplate } from '../../../../schemas/contracts/configuration';
import { json, type FakeRequest } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { environmentRoutes } from '../../environment/analyses/testing';

/** A template as the platform serves it: an English configuration and its prose in French. */
const airline: UseCaseTemplate = {
  key: 'tourism:airline-messages',
  name: { fr: 'Tourisme : messages de compagnie aérienne', en: 'Tourism: airline messages' },
  description: { fr: 'Le courrier d’une compagnie.', en: 'An airline’s mail.' },
  configuration: {
    format: 'environment-configuration',
    version: 1,
    settings: { languages: ['fr', 'gb'] },
    entities: {
      archetypes: [
        {
          id: 'airline-archetype-delay',
          name: 'delay',
          description: 'A delay',
          expressions: [{ type: 'term', value: 'retard' }],
        },
      ],
      interactions: [
        { id: 'airline-interaction-delay', name: 'flight delayed', comment: 'A delayed flight' },
      ],
      categories: [
        { id: 'airline-category-disruption', name: 'Disruption', description: 'A delayed flight' },
      ],
    },
  },
  samples: [],
  translations: { fr: { 'A delay': 'Un retard', 'A delayed flight': 'Un vol retardé' } },
};

/** Creates an environment from the template in `locale`; the configuration the console sent. */
const createFromTemplate = async (locale: 'fr' | 'en') => {
  window.localStorage.setItem('locale', locale);
  const french = locale === 'fr';
  const user = userEvent.setup();
  const sent: unknown[] = [];
  renderConsole('/project/p1/env-new', {
    ...environmentRoutes('configurator'),
    'GET /v4/console/api/use-case-templates': json([airline]),
    'POST /v4/console/api/projects/p1/environments/import': ({ body }: FakeRequest) => {
      sent.push(body);
      return json({ id: 'e9', projectId: 'p1', name: 'Vols', entities: 3 }, 201);
    },
  });
  await user.click(
    await screen.findByRole(
      'tab',
      { name: french ? 'Depuis un modèle de cas d’usage' : 'From a use-case template' },
      { timeout: 8000 },
    ),
  );
  await user.click(await screen.findByRole('radio', { name: new RegExp(airline.name[locale]) }));
  await user.type(screen.getByRole('textbox', { name: french ? 'Nom' : 'Name' }), 'Vols');
  await user.click(
    screen.getByRole('button', { name: french ? 'Créer l’environnement' : 'Create the environment' }),
  );
  await waitFor(() => expect(sent).toHaveLength(1));
  return sent[0] as { name: string; configuration: { entities: Record<string, Record<string, unknown>[]> } };
};

beforeEach(resetBrowserState);

describe('an environment from a use-case template, in the user’s language', () => {
  it('is made in French for a French user: the descriptions and comments in French, names as they are', async () => {
    const { name, configuration } = await createFromTemplate('fr');
    expect(name).toBe('Vols');
    const { archetypes, interactions, categories } = configuration.entities;
    expect(archetypes[0]).toMatchObject({ name: 'delay', description: 'Un retard' });
    expect(archetypes[0].expressions).toEqual([{ type: 'term', value: 'retard' }]);
    expect(interactions[0]).toMatchObject({ name: 'flight delayed', comment: 'Un vol retardé' });
    expect(categories[0]).toMatchObject({ name: 'Disruption', description: 'Un vol retardé' });
  });

  it('is made in English for an English user: the template’s configuration as it is', async () => {
    const { configuration } = await createFromTemplate('en');
    expect(configuration).toEqual(airline.configuration);
  });
});
