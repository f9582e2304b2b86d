import { describe, expect, it } from 'vitest';
import { inTextOrder } from './analyse';
import type { CompiledInteraction } from './compile';
import type { Occurrence } from './occurrences';

const occurrence = (start: number, index: number, tag: string): Occurrence => ({
  interaction: { index, name: tag } as CompiledInteraction,
  first: 0,
  last: 0,
  start,
  end: start,
  parameters: {},
});

const names = (list: Occurrence[]) =>
  list.map((o) => `${o.start}/${o.interaction.index}/${o.interaction.name}`);

describe('the order of occurrences', () => {
  it('is by place, then by interaction, ties kept in their order, whatever the size of the offsets', () => {
    for (const base of [0, 2 ** 50]) {
      const list = [
        occurrence(base + 30, 1, 'a'),
        occurrence(base + 10, 2, 'b'),
        occurrence(base + 10, 0, 'c'),
        occurrence(base + 30, 1, 'd'),
        occurrence(base + 10, 2, 'e'),
      ];
      expect(names(inTextOrder(list, 3))).toEqual([
        `${base + 10}/0/c`,
        `${base + 10}/2/b`,
        `${base + 10}/2/e`,
        `${base + 30}/1/a`,
        `${base + 30}/1/d`,
      ]);
    }
  });
});
