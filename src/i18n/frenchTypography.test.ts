import { describe, expect, it } from 'vitest';
import { frenchCatalogue } from '../providers/i18nProvider';
import { frenchPunctuationFaults } from './frenchTypography';

/** Every leaf of a message tree with its dotted key. */
const leaves = (tree: object, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'object' && value !== null
      ? leaves(value as object, `${prefix}${key}.`)
      : typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : [],
  );

describe('French typography', () => {
  it('puts a narrow no-break space before : ; ? ! in every French message, react-admin’s included', () => {
    const faults = leaves(frenchCatalogue()).flatMap(([key, message]) =>
      frenchPunctuationFaults(message).map((fault) => `${key}: …${fault}…`),
    );
    expect(faults).toEqual([]);
  });

  it('finds a plain space or no space before the sign, and leaves code, addresses and times alone', () => {
    expect(frenchPunctuationFaults('Qualifié: %{count}')).toEqual(['Qualifié:']);
    expect(frenchPunctuationFaults('Êtes-vous sûr ?')).toEqual(['sûr ?']);
    expect(frenchPunctuationFaults('Attention ! Séparés par des virgules ; ou pas')).toEqual([
      'Attention !',
      'virgules ;',
    ]);
    expect(frenchPunctuationFaults('Qualifié\u202f: 9, vraiment\u202f?')).toEqual([]);
    expect(
      frenchPunctuationFaults(
        'Voir https://example.test/a?b=1, à 10:30, `a: b`, {{ x ? y : z }}, {% if a %}, %{count}',
      ),
    ).toEqual([]);
  });
});
