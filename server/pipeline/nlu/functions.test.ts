import { describe, expect, it } from 'vitest';
import type { InteractionFunctionDef } from './model';
import type { NluCompileError } from './compile-problems';
import { compileNlu } from './compile';
import { parseNumber } from './functions';
import { definitions, occurrencesIn } from './test-support';

const archetypes = {
  cancel: ['résilier'],
  contract: ['contrat'],
  urgent: ['urgent'],
  thanks: ['merci'],
  city: ['paris', 'lyon'],
  sum: ['@amount'],
};
const fn = (
  name: string,
  functionName: InteractionFunctionDef['functionName'],
  fields: Partial<InteractionFunctionDef>,
): InteractionFunctionDef => ({
  name,
  enabled: true,
  functionName,
  ...fields,
});
const base = [
  { name: 'urgent', parameters: [{ archetype: 'urgent' }] },
  { name: 'thanks', parameters: [{ archetype: 'thanks' }] },
];
/** The 'cancel' interaction's occurrences with one function applied. */
const withFunction = (f: InteractionFunctionDef, text: string, extra: object = {}) =>
  occurrencesIn(
    definitions({
      archetypes,
      functions: [f],
      interactions: [
        ...base,
        { name: 'cancel', functions: [f.name], parameters: [{ archetype: 'cancel' }], ...extra },
      ],
    }),
    text,
  ).filter((o) => o.startsWith('cancel'));

describe('interaction functions', () => {
  it('followedBy keeps occurrences with the other interaction later in the text', () => {
    const f = fn('then-urgent', 'followedBy', { interactionAfter: 'urgent' });
    expect(withFunction(f, 'résilier, c’est urgent')).toHaveLength(1);
    expect(withFunction(f, 'urgent : résilier')).toHaveLength(0);
  });

  it('precededBy keeps occurrences with the other interaction earlier', () => {
    const f = fn('after-urgent', 'precededBy', { interactionBefore: 'urgent' });
    expect(withFunction(f, 'urgent : résilier')).toHaveLength(1);
    expect(withFunction(f, 'résilier, urgent')).toHaveLength(0);
  });

  it('near keeps occurrences within the interaction’s distance of the other', () => {
    const f = fn('near-urgent', 'near', { interactionAround: 'urgent' });
    const text = 'urgent un deux trois résilier';
    expect(withFunction(f, text, { distance: 3 })).toHaveLength(1);
    expect(withFunction(f, text, { distance: 2 })).toHaveLength(0);
    expect(withFunction(f, text, { distance: -1 })).toHaveLength(1);
  });

  it('immediatelyFollowedBy and immediatelyPrecededBy need the very next or previous word', () => {
    const after = fn('right-after', 'immediatelyFollowedBy', { interactionRightAfter: 'urgent' });
    const before = fn('right-before', 'immediatelyPrecededBy', { interactionRightBefore: 'thanks' });
    expect(withFunction(after, 'résilier urgent')).toHaveLength(1);
    expect(withFunction(after, 'résilier très urgent')).toHaveLength(0);
    expect(withFunction(before, 'merci, résilier')).toHaveLength(1);
    expect(withFunction(before, 'merci de résilier')).toHaveLength(0);
  });

  it('parameterEquals keeps occurrences whose parameter says the value, case and accents aside', () => {
    const f = fn('in-paris', 'parameterEquals', { parameterName: 'city', stringValue: 'PARIS' });
    const defs = (text: string) =>
      occurrencesIn(
        definitions({
          archetypes,
          functions: [f],
          interactions: [{ name: 'move', functions: ['in-paris'], parameters: [{ archetype: 'city' }] }],
        }),
        text,
      );
    expect(defs('à Paris puis à Lyon')).toEqual(['move: city=Paris']);
  });

  it('copyParameter takes the nearest value of another interaction’s parameter', () => {
    const f = fn('copy-city', 'copyParameter', {
      interactionToFind: 'where',
      parameterToFind: 'city',
      parameterName: 'city',
    });
    const found = occurrencesIn(
      definitions({
        archetypes,
        functions: [f],
        interactions: [
          { name: 'where', parameters: [{ archetype: 'city' }] },
          { name: 'cancel', functions: ['copy-city'], parameters: [{ archetype: 'cancel' }] },
        ],
      }),
      'Agence de Lyon. Je veux résilier.',
    );
    expect(found).toContain('cancel: cancel=résilier, city=Lyon');
  });

  it('compareToBaseline keeps occurrences whose value is at least the baseline (a number or a parameter)', () => {
    const f = fn('big', 'compareToBaseline', { parameterName: 'sum', parameterBaseline: '1000' });
    const run = (text: string) =>
      occurrencesIn(
        definitions({
          archetypes,
          functions: [f],
          interactions: [{ name: 'claim', functions: ['big'], parameters: [{ archetype: 'sum' }] }],
        }),
        text,
      );
    expect(run('Montant : 1 234,50 €')).toHaveLength(1);
    expect(run('Montant : 999,99 €')).toHaveLength(0);
  });

  it('a disabled function does not apply', () => {
    const f = { ...fn('then-urgent', 'followedBy', { interactionAfter: 'urgent' }), enabled: false };
    expect(withFunction(f, 'urgent : résilier')).toHaveLength(1);
  });

  it('refuses a function missing its fields or naming an unknown interaction', () => {
    const f = fn('broken', 'followedBy', { interactionAfter: 'ghost' });
    try {
      compileNlu(
        definitions({
          archetypes,
          functions: [f],
          interactions: [{ name: 'cancel', functions: ['broken'], parameters: [{ archetype: 'cancel' }] }],
        }),
      );
      expect.unreachable();
    } catch (error) {
      expect((error as NluCompileError).problems.map((p) => p.message)).toEqual([
        "Interaction function 'broken': interactionAfter: the interaction 'ghost' does not exist",
      ]);
    }
  });

  it('reads numbers written the French or the English way', () => {
    expect([
      parseNumber('1 234,56 €'),
      parseNumber('$1,234.56'),
      parseNumber('12.5'),
      parseNumber('abc'),
    ]).toEqual([1234.56, 1234.56, 12.5, undefined]);
  });
});
