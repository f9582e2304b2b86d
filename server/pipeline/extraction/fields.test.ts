import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../schemas/trace-messages';
import { emptyResult } from '../engine';
import { extractFields } from './fields';

describe('extraction fields it cannot read (warnings by code)', () => {
  it('says a field whose archetype, built-in or expression cannot be used, in English and by code', () => {
    const result = emptyResult('a1');
    result.extraction = { kind: 'text', message: null, pages: [], metadata: {}, attachments: [], blocks: [] };
    const field = { type: 'string', multiple: false } as const;
    const { warnings } = extractFields(
      [
        { ...field, name: 'code', source: 'builtin', archetype: 'nothing' },
        { ...field, name: 'slow', source: 'regex', pattern: '(a+)+$' },
        { ...field, name: 'city', source: 'archetype', archetype: 'city' },
      ],
      result,
      null,
    );
    expect(warnings.map((w) => [w.code, w.params?.field])).toEqual([
      ['extractionNotBuiltin', 'code'],
      ['extractionRegexRefused', 'slow'],
      ['extractionArchetypeNotLoaded', 'city'],
    ]);
    expect(inEnglish(warnings[0])).toBe("Field 'code': 'nothing' is not a built-in archetype");
    expect(inEnglish(warnings[1])).toMatch(/^Field 'slow': '\(a\+\)\+\$' is refused/);
    expect(inEnglish(warnings[2])).toBe("Field 'city': the archetype 'city' is not loaded by any NLU server");
  });
});
