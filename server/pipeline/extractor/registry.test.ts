import { describe, expect, it } from 'vitest';
import { EXTENSIONS_BY_FAMILY, SUPPORTED_EXTENSIONS } from '../../../schemas/extractor-settings';
import { PARSERS, parserFor } from './registry';

describe('the parser registry', () => {
  it('has exactly one parser per extension of spec pipeline §3, of the right family', () => {
    const claimed = PARSERS.flatMap((p) => p.extensions);
    expect([...claimed].sort()).toEqual([...SUPPORTED_EXTENSIONS].sort());
    for (const [family, extensions] of Object.entries(EXTENSIONS_BY_FAMILY)) {
      for (const ext of extensions) expect(parserFor(ext).family).toBe(family);
    }
  });
});
