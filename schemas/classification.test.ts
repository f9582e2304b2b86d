import { describe, expect, it } from 'vitest';
import { canonicalValue } from './classification.schema';

// docs/testing-centre.md, "Classifications: value types, ignored, private".
describe('canonicalValue', () => {
  it('reads numbers as people write them, in French and English', () => {
    expect(
      ['1234.5', '1 234,50', '1\u202f234,5', '1,234.50', '1.234,50', '+1234.50'].map((t) =>
        canonicalValue('number', t),
      ),
    ).toEqual(Array(6).fill('1234.5'));
    expect(canonicalValue('number', '12,5')).toBe('12.5');
    expect(canonicalValue('number', '1,234,567')).toBe('1234567');
    expect(canonicalValue('number', '-3')).toBe('-3');
    expect(canonicalValue('number', '2e3')).toBe('2000');
  });

  it('refuses what is not a number, a yes or no, or an object', () => {
    expect(canonicalValue('number', 'douze')).toBeNull();
    expect(canonicalValue('number', '12 €')).toBeNull();
    expect(canonicalValue('number', '')).toBeNull();
    expect(canonicalValue('boolean', 'peut-être')).toBeNull();
    expect(canonicalValue('object', '[1,2]')).toBeNull();
    expect(canonicalValue('object', 'Lyon')).toBeNull();
  });

  it('reads yes and no in both languages', () => {
    expect(['true', 'Oui', 'yes', '1', 'VRAI'].map((t) => canonicalValue('boolean', t))).toEqual(
      Array(5).fill('true'),
    );
    expect(['false', 'non', 'No', '0', 'faux'].map((t) => canonicalValue('boolean', t))).toEqual(
      Array(5).fill('false'),
    );
  });

  it('compares lists whatever their order and separator, and objects whatever their keys order', () => {
    const lists = ['b, a', 'a;b', 'a\nb', '["b","a"]'].map((t) => canonicalValue('array', t));
    expect(new Set(lists)).toEqual(new Set(['["a","b"]']));
    expect(canonicalValue('object', '{"b":{"y":1,"x":2},"a":[2,1]}')).toBe(
      canonicalValue('object', '{"a":[2,1],"b":{"x":2,"y":1}}'),
    );
    // An array's order inside an object is the object's value: kept.
    expect(canonicalValue('object', '{"a":[2,1]}')).not.toBe(canonicalValue('object', '{"a":[1,2]}'));
  });

  it('keeps text as it is', () => {
    expect(canonicalValue('string', ' Lyon ')).toBe(' Lyon ');
  });
});
