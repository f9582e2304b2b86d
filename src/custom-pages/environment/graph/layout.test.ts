import { describe, expect, it } from 'vitest';
import { foldLayers, NODE_HEIGHT, NODE_WIDTH } from './layout';

/** ELK's output for layers of these sizes: x says the layer, y the order in it. */
const layered = (...sizes: number[]) =>
  sizes.flatMap((size, layer) =>
    Array.from({ length: size }, (_, i) => ({ id: `${layer}/${i}`, x: layer * 300, y: i * 70 })),
  );

describe('foldLayers', () => {
  it('folds a layer of 200 archetypes into columns so that the picture is about twice as wide as tall', () => {
    const nodes = foldLayers(layered(1, 20, 200, 2));
    const xs = [...nodes.values()].map((p) => p.x);
    const ys = [...nodes.values()].map((p) => p.y);
    const width = Math.max(...xs) + NODE_WIDTH;
    const height = Math.max(...ys) + NODE_HEIGHT;
    // Unfolded, it was 300 × 14,000: 46 times taller than wide.
    expect(width / height).toBeGreaterThan(1.2);
    expect(width / height).toBeLessThan(3.5);
  });

  it('keeps the layers left to right and each layer’s order, with no two boxes overlapping', () => {
    const nodes = foldLayers(layered(3, 50, 7));
    const at = (id: string) => nodes.get(id)!;
    // Every box of a layer is left of every box of the next.
    expect(Math.max(...[0, 1, 2].map((i) => at(`0/${i}`).x))).toBeLessThan(at('1/0').x);
    expect(Math.max(...Array.from({ length: 50 }, (_, i) => at(`1/${i}`).x))).toBeLessThan(at('2/0').x);
    // The order is read down a column, then the next column.
    for (let i = 1; i < 50; i++) {
      const [a, b] = [at(`1/${i - 1}`), at(`1/${i}`)];
      expect(b.x > a.x || (b.x === a.x && b.y > a.y)).toBe(true);
    }
    const boxes = [...nodes.values()];
    const overlaps = boxes.filter((a, i) =>
      boxes.some(
        (b, j) =>
          j > i &&
          a.x < b.x + NODE_WIDTH &&
          b.x < a.x + NODE_WIDTH &&
          a.y < b.y + NODE_HEIGHT &&
          b.y < a.y + NODE_HEIGHT,
      ),
    );
    expect(overlaps).toEqual([]);
  });

  it('leaves a small graph in single columns', () => {
    const nodes = foldLayers(layered(1, 3, 2));
    expect(new Set(['1/0', '1/1', '1/2'].map((id) => nodes.get(id)!.x)).size).toBe(1);
  });
});
