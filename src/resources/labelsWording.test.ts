import { beforeEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../providers/i18nProvider';
import { recordWording } from './labels';
import { getResource } from './registry';

const N = '\u202f';
const NB = '\u00a0';

const says = (locale: 'fr' | 'en', resource: string) => {
  window.localStorage.setItem('locale', locale);
  const i18n = createI18nProvider();
  return recordWording(i18n.translate, getResource(resource));
};

beforeEach(() => window.localStorage.clear());

describe('the words about one record', () => {
  it('agree in French with the resource’s gender and elide before a vowel', () => {
    expect(says('fr', 'archetypes')('create')).toBe('Créer un archétype');
    expect(says('fr', 'analyses')('create')).toBe('Créer une analyse');
    expect(says('fr', 'environments')('deleteTitle', { record: 'Walk scratch' })).toBe(
      `Supprimer l’environnement «${NB}Walk scratch${NB}»`,
    );
    expect(says('fr', 'categories')('deleteTitle', { record: 'Claim' })).toBe(
      `Supprimer la catégorie «${NB}Claim${NB}»`,
    );
    expect(says('fr', 'environments')('deleteContent')).toBe(
      `Voulez-vous vraiment supprimer cet environnement${N}?`,
    );
    expect(says('fr', 'categories')('created')).toBe('Catégorie créée');
    expect(says('fr', 'members')('deleted', { count: 4 })).toBe('4 membres supprimés');
  });

  it('say the same in English whatever the gender', () => {
    expect(says('en', 'analyses')('create')).toBe('Create analysis');
    expect(says('en', 'environments')('deleteTitle', { record: 'Walk scratch' })).toBe(
      'Delete environment “Walk scratch”',
    );
    expect(says('en', 'categories')('created')).toBe('Category created');
  });
});
