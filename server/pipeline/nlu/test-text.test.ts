import { describe, expect, it } from 'vitest';
import { definitions } from './test-support';
import { testText } from './test-text';

const serverOf = (archetypes: Record<string, string[]>) => ({
  server: {
    id: `s-${Object.values(archetypes).flat().join('|')}`,
    version: '1',
    state: 'started' as const,
    definitions: definitions({ archetypes }),
  },
  startedNow: false,
});

/** The archetype lines the NLU test page shows for a text, as "archetype: words". */
const lines = (archetypes: Record<string, string[]>, text: string) => {
  const answer = testText([serverOf(archetypes)], text, 'fr', null);
  if ('refused' in answer) throw new Error(answer.refused.message);
  return answer.servers[0].archetypes.map((a) => `${a.archetype}: ${a.text}`);
};

describe('the NLU test page’s archetype matches', () => {
  it('show one line per word and archetype, however many of its expressions match the word', () => {
    // 'sinistres' matches 'sinistre' within typo tolerance, the regex matches it too.
    const claim = ['sinistre', 'sinistres', '/sinistres?/'];
    expect(lines({ claim, declare: ['déclarer'] }, 'Je veux déclarer un sinistre.')).toEqual([
      'declare: déclarer',
      'claim: sinistre',
    ]);
  });

  it('keep the exact expression of a word over one matching it within typo tolerance', () => {
    const answer = testText([serverOf({ claim: ['sinistres', 'sinistre'] })], 'un sinistre', 'fr', null);
    if ('refused' in answer) throw new Error(answer.refused.message);
    expect(answer.servers[0].archetypes).toEqual([
      expect.objectContaining({ archetype: 'claim', text: 'sinistre', via: 'sinistre', approximate: false }),
    ]);
  });

  it('keep different words of one archetype, and one word of different archetypes', () => {
    const text = 'sinistre, puis un autre sinistre';
    expect(lines({ claim: ['sinistre', '/sinistre/'], loss: ['sinistre'] }, text)).toEqual([
      'claim: sinistre',
      'loss: sinistre',
      'claim: sinistre',
      'loss: sinistre',
    ]);
  });
});

describe('the NLU test page’s warnings, by code', () => {
  it('says an interaction whose search stopped early in English and by code', () => {
    const server = {
      server: {
        id: 's-adversarial',
        version: '1',
        state: 'started' as const,
        definitions: definitions({
          archetypes: { a: ['alpha'], b: ['beta'], c: ['gamma'] },
          interactions: [
            {
              name: 'abc',
              ordered: true,
              parameters: [{ archetype: 'a' }, { archetype: 'b' }, { archetype: 'c' }],
            },
          ],
        }),
      },
      startedNow: false,
    };
    // A gamma before every alpha: each alpha-beta pair is a dead end the search must give up on.
    const answer = testText([server], `gamma ${'alpha beta '.repeat(3000)}`, 'fr', null);
    if ('refused' in answer) throw new Error(answer.refused.message);
    expect(answer.servers[0].warnings).toEqual([
      "Interaction 'abc': the search stopped early in a block with too many candidate matches",
    ]);
    expect(answer.servers[0].warningMessages).toEqual([
      { code: 'nluSearchStoppedEarly', params: { interaction: 'abc' } },
    ]);
  });
});
