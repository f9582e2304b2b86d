import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../schemas/trace-messages';
import { analyseText } from './analyse';
import { compileNlu } from './compile';
import { definitions, occurrencesIn } from './test-support';

const archetypes = {
  want: ['je veux', 'souhaite'],
  cancel: ['annuler', 'résilier'],
  contract: ['contrat', 'abonnement'],
};

describe('interactions', () => {
  it('occur where one match per parameter is found, in any order when unordered', () => {
    const defs = definitions({
      archetypes,
      interactions: [{ name: 'cancel', parameters: [{ archetype: 'cancel' }, { archetype: 'contract' }] }],
    });
    expect(occurrencesIn(defs, 'Mon contrat : je souhaite le résilier')).toEqual([
      'cancel: contract=contrat, cancel=résilier',
    ]);
  });

  it('follow parameter positions when ordered', () => {
    const defs = definitions({
      archetypes,
      interactions: [
        { name: 'cancel', ordered: true, parameters: [{ archetype: 'cancel' }, { archetype: 'contract' }] },
      ],
    });
    expect(occurrencesIn(defs, 'Mon contrat : je souhaite le résilier')).toEqual([]);
    expect(occurrencesIn(defs, 'Je veux résilier mon contrat')).toEqual([
      'cancel: cancel=résilier, contract=contrat',
    ]);
  });

  it('keep consecutive matches within the distance; -1 means no limit', () => {
    const text = 'résilier dès que possible ce vieux contrat';
    const at = (distance: number) =>
      occurrencesIn(
        definitions({
          archetypes,
          interactions: [
            { name: 'c', distance, parameters: [{ archetype: 'cancel' }, { archetype: 'contract' }] },
          ],
        }),
        text,
      ).length;
    expect([at(4), at(5), at(-1), at(0)]).toEqual([0, 1, 1, 0]);
    expect(
      occurrencesIn(
        definitions({
          archetypes,
          interactions: [
            { name: 'c', distance: 0, parameters: [{ archetype: 'cancel' }, { archetype: 'contract' }] },
          ],
        }),
        'résilier contrat',
      ),
    ).toHaveLength(1);
  });

  it('never lets one token serve two parameters', () => {
    const defs = definitions({
      archetypes: { word: ['contrat'] },
      interactions: [
        {
          name: 'two',
          parameters: [
            { archetype: 'word', name: 'a' },
            { archetype: 'word', name: 'b' },
          ],
        },
      ],
    });
    expect(occurrencesIn(defs, 'un contrat')).toEqual([]);
    expect(occurrencesIn(defs, 'un contrat, un autre contrat')).toEqual(['two: a=contrat, b=contrat']);
  });

  it('take optional parameters when present, and occur without them', () => {
    const defs = definitions({
      archetypes,
      interactions: [
        { name: 'cancel', parameters: [{ archetype: 'cancel' }, { archetype: 'contract', optional: true }] },
      ],
    });
    expect(occurrencesIn(defs, 'je veux résilier')).toEqual(['cancel: cancel=résilier']);
    expect(occurrencesIn(defs, 'résilier le contrat')).toEqual(['cancel: cancel=résilier, contract=contrat']);
  });

  it('collect every match of a multiple parameter in the window', () => {
    const defs = definitions({
      archetypes: { order: ['commande'], ref: ['/\\b\\d{5}\\b/'] },
      interactions: [
        {
          name: 'orders',
          distance: 3,
          parameters: [{ archetype: 'order' }, { archetype: 'ref', multiple: true }],
        },
      ],
    });
    expect(occurrencesIn(defs, 'commande 12345 et 67890, puis bien plus loin dans le texte 11111')).toEqual([
      'orders: order=commande, ref=12345|67890',
    ]);
  });

  it('report every occurrence with multiple interactions on, the best one per block when off', () => {
    const text = 'résilier le contrat. Plus tard : résilier mon abonnement maintenant';
    const spec = {
      archetypes,
      interactions: [{ name: 'c', parameters: [{ archetype: 'cancel' }, { archetype: 'contract' }] }],
    };
    expect(occurrencesIn(definitions({ ...spec, multipleInteractions: true }), text)).toHaveLength(2);
    expect(occurrencesIn(definitions({ ...spec, multipleInteractions: false }), text)).toHaveLength(1);
  });

  it('run only in the languages of their context', () => {
    const defs = definitions({
      archetypes,
      contexts: { fr: ['fr'] },
      interactions: [{ name: 'c', contexts: ['fr'], parameters: [{ archetype: 'cancel' }] }],
    });
    expect(occurrencesIn(defs, 'résilier', 'fr')).toHaveLength(1);
    expect(occurrencesIn(defs, 'résilier', 'gb')).toHaveLength(0);
  });

  it('stop at a conversation reset: quoted messages after it do not count', () => {
    const defs = definitions({
      archetypes: { ...archetypes, quote: ['message d origine', 'a écrit'] },
      interactions: [
        { name: 'c', parameters: [{ archetype: 'cancel' }] },
        { name: 'history', parameters: [{ archetype: 'quote', resetConversation: true }] },
      ],
    });
    expect(occurrencesIn(defs, 'Merci. Le 3 mai, Paul a écrit : je veux résilier')).toEqual([
      'history: quote=a écrit',
    ]);
    expect(occurrencesIn(defs, 'Je veux résilier. Le 3 mai, Paul a écrit : bonjour')).toHaveLength(2);
  });

  it('stop at a conversation reset even when an optional parameter matches inside the quote header', () => {
    // The quote header's date could fill the claim's optional date: the claim must not count anyway.
    const defs = definitions({
      archetypes: {
        declare: ['déclarer'],
        claim: ['sinistre'],
        date: ['/\\d{2}\\/\\d{2}\\/\\d{4}/'],
        marker: ['/^(?:On|Le)[^\\S\\n][^\\n]{1,200}(?:wrote|a écrit)[^\\S\\n]?:/mu'],
      },
      interactions: [
        {
          name: 'claim',
          distance: 8,
          parameters: [
            { archetype: 'declare' },
            { archetype: 'claim' },
            { archetype: 'date', optional: true },
          ],
        },
        { name: 'history', parameters: [{ archetype: 'marker', resetConversation: true }] },
      ],
    });
    const quoted = 'Le 12/03/2025, Jean a écrit : > je souhaite déclarer un sinistre';
    expect(occurrencesIn(defs, quoted)).toEqual(['history: marker=Le 12/03/2025, Jean a écrit :']);
    expect(occurrencesIn(defs, 'Je souhaite déclarer un sinistre survenu le 10/03/2025.')).toEqual([
      'claim: declare=déclarer, claim=sinistre, date=10/03/2025',
    ]);
  });

  it('keep, with multiple interactions off, the best of the occurrences the functions kept', () => {
    const text = 'résilier le contrat. Plus tard : résilier mon abonnement maintenant';
    const defs = definitions({
      archetypes,
      multipleInteractions: false,
      functions: [
        {
          name: 'subscription',
          enabled: true,
          functionName: 'parameterEquals',
          parameterName: 'contract',
          stringValue: 'abonnement',
        },
      ],
      interactions: [
        {
          name: 'c',
          functions: ['subscription'],
          parameters: [{ archetype: 'cancel' }, { archetype: 'contract' }],
        },
      ],
    });
    expect(occurrencesIn(defs, text)).toEqual(['c: cancel=résilier, contract=abonnement']);
  });

  it('take their distance from their name on servers older than NLU 4.12 (spec pipeline §5)', () => {
    const onServer = (aiVersion: string, name: string, distance: number) => {
      const defs = definitions({
        archetypes,
        interactions: [{ name, distance, parameters: [{ archetype: 'cancel' }, { archetype: 'contract' }] }],
      });
      defs.server.aiVersion = aiVersion;
      return occurrencesIn(defs, 'résilier un deux trois quatre contrat');
    };
    // Four words apart: found with no limit, not within 2.
    expect(onServer('v4', 'c [distance=-1]', 2)).toHaveLength(1);
    expect(onServer('v4.11', 'c [distance=2]', -1)).toHaveLength(0);
    expect(onServer('v4.10', 'c [Distance = 4]', -1)).toHaveLength(1);
    // Without one in the name, no limit: the field is not read below 4.12.
    expect(onServer('v4', 'c', 2)).toHaveLength(1);
    // From 4.12 the field is the distance, and the name only a name.
    expect(onServer('v4.12', 'c [distance=-1]', 2)).toHaveLength(0);
    expect(onServer('v5', 'c', -1)).toHaveLength(1);
  });

  it('do not straddle blocks, and are not counted twice in overlapping blocks', () => {
    const defs = definitions({
      archetypes,
      interactions: [{ name: 'c', parameters: [{ archetype: 'cancel' }, { archetype: 'contract' }] }],
    });
    const nlu = compileNlu(defs);
    const text = 'résilier ......... contrat';
    expect(
      analyseText(nlu, text, {
        language: null,
        blocks: [
          { start: 0, end: 12 },
          { start: 12, end: text.length },
        ],
      }).occurrences,
    ).toHaveLength(0);
    expect(
      analyseText(nlu, text, {
        language: null,
        blocks: [
          { start: 0, end: text.length },
          { start: 0, end: text.length },
        ],
      }).occurrences,
    ).toHaveLength(1);
  });

  it('stay bounded on adversarial texts', () => {
    const defs = definitions({
      archetypes: { a: ['alpha'], b: ['beta'], c: ['gamma'] },
      interactions: [
        {
          name: 'abc',
          ordered: true,
          parameters: [{ archetype: 'a' }, { archetype: 'b' }, { archetype: 'c' }],
        },
      ],
    });
    // A gamma before every alpha: each alpha-beta pair is a dead end the search must give up on.
    const text = `gamma ${'alpha beta '.repeat(3000)}`;
    const { occurrences, warnings } = analyseText(compileNlu(defs), text, { language: null });
    expect(occurrences).toEqual([]);
    expect(warnings).toEqual([{ code: 'nluSearchStoppedEarly', params: { interaction: 'abc' } }]);
    expect(warnings.map(inEnglish)).toEqual([
      "Interaction 'abc': the search stopped early in a block with too many candidate matches",
    ]);
  });
});
