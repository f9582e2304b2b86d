import { describe, expect, it } from 'vitest';
import { EXTENSIONS_BY_FAMILY, SUPPORTED_EXTENSIONS } from '../../../schemas/extractor-settings';
import { PARSERS, parserFor } from './registry';

describe('the parser registry', () => {
  it('has exactly one parser per extension of spec pipeline §3, of the right family', () => {
    const claimed = PARSERS.flatMap((p) => p.extensions);
    expect([...claimed].sort()).toEqual([...SUPPORTED_EXTENSIONS].sort());
    for (const [family, extensions] of Object.entries(EXTENSIONS_BY_FAMILY)) {
      for (const ext of extensions)
        expect(PARSERS.find((p) => p.extensions.includes(ext))?.family).toBe(family);
    }
  });

  it('loads, for each entry, the parser of the family and extensions it declares', async () => {
    for (const entry of PARSERS) {
      const parser = await parserFor(entry.extensions[0]);
      expect({ family: parser.family, extensions: [...parser.extensions] }).toEqual({
        family: entry.family,
        extensions: [...entry.extensions],
      });
    }
    expect(() => parserFor('exe')).toThrow('No parser reads .exe');
  });
});
