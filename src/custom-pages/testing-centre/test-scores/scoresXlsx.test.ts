import { read } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import type { TestScoresAnswer } from '../../../../schemas/contracts/testing';
import { scoresSheets, scoresXlsx } from './scoresXlsx';
import { FORMULA_LIKE_NAMES } from '../../../test/fixtures';

const headers = {
  kind: 'Type',
  classification: 'Classification',
  tp: 'VP',
  fp: 'FP',
  fn: 'FN',
  precision: 'Précision',
  sensitivity: 'Sensibilité',
  expected: 'Attendus',
  detected: 'Détectés',
  falses: 'Erreurs',
};
const kindNames: Record<string, string> = {
  categories: 'Catégories du message',
  extracted_informations_attachments: 'Informations extraites des pièces jointes',
};
const labels = {
  kind: (kind: string) => kindNames[kind],
  micro: 'Total (micro)',
  macro: 'Moyenne (macro)',
  ignored: 'ignorée',
};
const falsesHeaders = {
  sheet: 'Messages en erreur (FP, FN)',
  message: 'Message',
  kind: 'Type',
  fp: 'FP',
  fn: 'FN',
  analysisId: 'Identifiant d’analyse',
};

const kind = (name: TestScoresAnswer['kinds'][number]['kind']): TestScoresAnswer['kinds'][number] => ({
  kind: name,
  classifications: [
    {
      classification: 'Sinistre',
      tp: 3,
      fp: 1,
      fn: 0,
      precision: 0.75,
      sensitivity: 1,
      expected: 3,
      detected: 4,
      falses: 1,
    },
  ],
  micro: { tp: 3, fp: 1, fn: 0, precision: 0.75, sensitivity: 1 },
  macro: { precision: 0.75, sensitivity: 1 },
  qualifiedMessages: 4,
  notQualifiedMessages: 0,
  noDomainRule: [],
  ignored: [],
  private: [],
});

const scores: TestScoresAnswer = {
  kinds: [kind('categories'), kind('extracted_informations_attachments')],
  domainRules: [],
  falses: [
    {
      messageId: 'm1',
      messageName: 'm1.eml',
      analysisId: 'a1',
      kind: 'categories',
      tp: [],
      fp: [{ classification: 'Sinistre', value: null }],
      fn: [{ classification: 'Résiliation', value: null }],
    },
  ],
  messages: { done: 4, error: 0, notRun: 0 },
};

describe('scoresSheets', () => {
  const sheets = scoresSheets(scores, headers, labels, falsesHeaders);

  it('gives one sheet per kind, then the falses, under names a spreadsheet accepts', () => {
    expect(sheets.map((s) => s.name)).toEqual([
      'Catégories du message',
      'Informations extraites des piè…',
      'Messages en erreur (FP, FN)',
    ]);
    expect(sheets.every((s) => s.name.length <= 31)).toBe(true);
  });

  it('writes the CSV’s header and lines in each kind’s sheet, numbers as numbers', () => {
    expect(sheets[0].rows).toEqual([
      [
        'Type',
        'Classification',
        'VP',
        'FP',
        'FN',
        'Précision',
        'Sensibilité',
        'Attendus',
        'Détectés',
        'Erreurs',
      ],
      ['Catégories du message', 'Sinistre', 3, 1, 0, 0.75, 1, 3, 4, 1],
      ['Catégories du message', 'Total (micro)', 3, 1, 0, 0.75, 1, 3, 4, 1],
      ['Catégories du message', 'Moyenne (macro)', null, null, null, 0.75, 1, null, null, null],
    ]);
    expect(sheets[0].percentColumns).toEqual([5, 6]);
  });

  it('ends a kind’s sheet with the classifications no domain rule covered, without figures', () => {
    const uncovered = {
      ...kind('categories'),
      noDomainRule: [{ classification: 'Résiliation', messages: 2 }],
      ignored: [],
      private: [],
    };
    const [sheet] = scoresSheets({ ...scores, kinds: [uncovered] }, headers, labels, falsesHeaders);
    expect(sheet.rows.at(-2)?.[1]).toBe('Moyenne (macro)');
    expect(sheet.rows.at(-1)).toEqual([
      'Catégories du message',
      'Résiliation (NO_DOMAIN_RULE)',
      ...Array<null>(8).fill(null),
    ]);
  });

  it('lists each false with its labels and its analysis', () => {
    expect(sheets[2].rows).toEqual([
      ['Message', 'Type', 'FP', 'FN', 'Identifiant d’analyse'],
      ['m1.eml', 'Catégories du message', 'Sinistre', 'Résiliation', 'a1'],
    ]);
  });

  it('leaves a private classification out of the falses, and a message with nothing else', () => {
    const hidden = (name: string) => ({
      ...scores,
      kinds: [{ ...kind('categories'), private: [name] }, kind('extracted_informations_attachments')],
    });
    expect(scoresSheets(hidden('Résiliation'), headers, labels, falsesHeaders)[2].rows).toEqual([
      ['Message', 'Type', 'FP', 'FN', 'Identifiant d’analyse'],
      ['m1.eml', 'Catégories du message', 'Sinistre', '', 'a1'],
    ]);
    const onlyPrivate = {
      ...hidden('Sinistre'),
      kinds: [{ ...kind('categories'), private: ['Sinistre', 'Résiliation'] }],
    };
    expect(scoresSheets(onlyPrivate, headers, labels, falsesHeaders).map((s) => s.name)).toEqual([
      'Catégories du message',
    ]);
  });

  it('keeps two names apart once cut to 31 characters', () => {
    const long = { ...labels, kind: () => 'Informations extraites des pièces jointes' };
    const names = scoresSheets({ ...scores, falses: [] }, headers, long, falsesHeaders).map((s) => s.name);
    expect(names).toEqual(['Informations extraites des piè…', 'Informations extraites des… (2)']);
  });
});

describe('scoresXlsx', () => {
  it('writes a workbook whose ratios are numbers shown as percentages', async () => {
    const blob = await scoresXlsx(scoresSheets(scores, headers, labels, falsesHeaders));
    const book = read(await blob.arrayBuffer(), { type: 'array', cellNF: true });
    expect(book.SheetNames).toHaveLength(3);
    const precision = book.Sheets['Catégories du message'].F2;
    expect(precision).toMatchObject({ t: 'n', v: 0.75, z: '0.0%' });
    expect(book.Sheets['Catégories du message'].C2).toMatchObject({ t: 'n', v: 3 });
  });

  // docs/security.md, "Exports": in a workbook, a name that looks like a formula stays a text cell.
  it('writes text that looks like a formula as a text cell, never a formula', async () => {
    const names = FORMULA_LIKE_NAMES;
    const base = kind('categories');
    const hostile = {
      ...base,
      classifications: names.map((classification) => ({ ...base.classifications[0], classification })),
    };
    const blob = await scoresXlsx(
      scoresSheets({ ...scores, kinds: [hostile], falses: [] }, headers, labels, falsesHeaders),
    );
    const book = read(await blob.arrayBuffer(), { type: 'array', cellFormula: true });
    const sheet = book.Sheets['Catégories du message'];
    names.forEach((name, i) => {
      const cell = sheet[`B${i + 2}`] as { t: string; v: unknown; f?: string };
      expect({ t: cell.t, v: cell.v, f: cell.f }).toEqual({ t: 's', v: name, f: undefined });
    });
  });
});
