import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FORBIDDEN_LEVELS, NOT_FOUND_SUBJECTS, type ErrorCode } from '../../schemas/error-codes';
import { resourceSchemas } from '../../schemas';
import { en } from './en';
import { errorLine } from '../components/code/codeLanguage';
import { errorTextKey, translateDetail, translateError } from './errorCodes';
import { fr } from './fr';

/** The message at a dotted key, or undefined. */
const at = (tree: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined,
      tree,
    );

/** The `%{name}` parameters of a message, sorted. */
const paramsOf = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every registered code with its words in both languages, or what is wrong with them. */
const problems = (codes: readonly ErrorCode[]) =>
  codes.flatMap((code) => {
    const key = errorTextKey(code);
    const french = at(fr, key);
    const english = at(en, key);
    if (typeof french !== 'string' || french === '') return [`${code}: no French text at ${key}`];
    if (typeof english !== 'string' || english === '') return [`${code}: no English text at ${key}`];
    const [frParams, enParams] = [paramsOf(french), paramsOf(english)];
    return frParams.join() === enParams.join()
      ? []
      : [`${code}: %{${frParams.join(', ')}} in French, %{${enParams.join(', ')}} in English`];
  });

describe('error codes (schemas/error-codes.ts)', () => {
  it('has French and English words, with the same parameters, for every code the server can emit', () => {
    expect(problems(ERROR_CODES)).toEqual([]);
  });

  it('names every thing a NOT_FOUND can name, every resource included, in both languages', () => {
    expect(
      resourceSchemas
        .map((s) => s.$id)
        .filter((id) => !(NOT_FOUND_SUBJECTS as readonly string[]).includes(id)),
    ).toEqual([]);
    for (const subject of NOT_FOUND_SUBJECTS) {
      expect([subject, at(fr, `app.errors.subjects.${subject}`)]).toEqual([subject, expect.any(String)]);
      expect([subject, at(en, `app.errors.subjects.${subject}`)]).toEqual([subject, expect.any(String)]);
    }
  });

  it('says every FORBIDDEN reason and level in both languages', () => {
    const keys = [
      'app.errors.forbidden.staff',
      'app.errors.forbidden.orgAdmin',
      ...FORBIDDEN_LEVELS.flatMap((level) => [
        `app.errors.forbidden.project.${level}`,
        `app.errors.forbidden.everyProject.${level}`,
      ]),
    ];
    for (const key of keys) {
      expect([key, typeof at(fr, key), typeof at(en, key)]).toEqual([key, 'string', 'string']);
    }
  });

  it('finds a code without words (the check itself works)', () => {
    const code = 'NOT_A_REGISTERED_CODE' as ErrorCode;
    expect(problems([code])).toEqual([`${code}: no French text at app.errors.codes.${code}`]);
  });

  describe('translateError', () => {
    // A translate function over the French tree, with polyglot's interpolation and `_` default.
    const translate = (key: string, options: Record<string, unknown> = {}) => {
      const text = at(fr, key);
      if (typeof text !== 'string') return String(options._ ?? key);
      return text.replace(/%\{(\w+)\}/g, (hole, name: string) =>
        options[name] === undefined ? hole : String(options[name]),
      );
    };

    it('says a FORBIDDEN by its reason and level, a NOT_FOUND by what was not found', () => {
      expect(translateError(translate, 'FORBIDDEN', { reason: 'project', level: 'configurator' }, 'x')).toBe(
        'Réservé aux configurateurs du projet',
      );
      expect(translateError(translate, 'FORBIDDEN', {}, 'x')).toBe('Vous n’avez pas accès à cette ressource');
      expect(translateError(translate, 'NOT_FOUND', { what: 'environment' }, 'x')).toBe(
        'Environnement introuvable',
      );
      expect(translateError(translate, 'NOT_FOUND', { what: 'elsewhere' }, 'x')).toBe('Données introuvables');
    });

    it('says a refused submission (429 RATE_LIMITED) in French, with the seconds to wait', () => {
      expect(translateError(translate, 'RATE_LIMITED', { seconds: 3 }, 'x')).toBe(
        'Trop d’analyses soumises en peu de temps. Réessayez dans 3 seconde(s).',
      );
    });

    it('keeps the server words for an unknown code or missing parameters', () => {
      expect(translateError(translate, 'SOMETHING_NEW', {}, 'Server words')).toBe('Server words');
      expect(translateError(translate, 'FILE_TOO_LARGE', {}, 'Server words')).toBe('Server words');
      expect(translateError(translate, 'FILE_TOO_LARGE', { megabytes: 20 }, 'x')).toBe(
        'Les fichiers dépassent 20 Mo',
      );
    });

    it('says a template’s syntax error in French, the engine’s sentence only as a technical detail', () => {
      const detail = "The 'for' tag is never closed (endfor)";
      const said = translateDetail(translate, 'templateSyntax', { line: 3, detail }, `Line 3: ${detail}`);
      expect(said).toBe(`Ligne 3\u202f: le modèle n’est pas un Twig valide (détail technique\u202f: ${detail})`);
      // The code editor still marks the line the French sentence names.
      expect(errorLine(said)).toBe(3);
    });

    it('says why an NLU server cannot start in French, problem by problem, a nested reason first', () => {
      const problems = [
        { code: 'nluServerContextUnknown', params: { server: 'main', name: 'legacy' }, message: 'x' },
        {
          code: 'nluArchetype',
          params: { archetype: 'city', reason: { code: 'regexMatchesEmpty', params: { source: 'a*' } } },
          message: 'x',
        },
      ];
      expect(
        translateError(translate, 'NLU_CONFIGURATION', { server: 'main', reason: 'x', problems }, 'x'),
      ).toBe(
        'Le serveur « main » ne peut pas démarrer : Serveur « main » : le contexte « legacy » n’existe pas; ' +
          'Archétype « city » : « a* » est refusée : elle reconnaît la chaîne vide, donc trouverait une correspondance à chaque position de chaque texte. Rendez au moins un caractère obligatoire.',
      );
    });

    it('says a module by its name in French, and a nested unique rule first', () => {
      const params = { module: 'extraction', taint: 'sensitive' };
      expect(translateDetail(translate, 'moduleTaintTooEarly', params, 'x')).toBe(
        'Le module Extraction d’informations est limité par le marqueur « sensitive » : il doit venir après la catégorisation, qui pose les marqueurs',
      );
      expect(
        translateDetail(translate, 'configSameAs', { rule: { code: 'uniqueContext' }, entity: 0 }, 'x'),
      ).toBe('Un contexte de ce nom existe déjà (l’entité 0 a le même)');
    });

    it('says why a regular expression is refused in French', () => {
      const params = { source: '(a+)+$', quantifier: '+', inner: 'a+' };
      expect(translateDetail(translate, 'regexNestedRepeated', params, 'x')).toBe(
        '« (a+)+$ » est refusée : le quantificateur « + » répète un groupe lui-même répété (« a+ »), ce qui peut prendre un temps exponentiel sur certains textes. Réécrivez-la sans répétition imbriquée.',
      );
    });
  });
});
