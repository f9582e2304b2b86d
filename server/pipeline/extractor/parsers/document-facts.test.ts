import { describe, expect, it } from 'vitest';
import { EXTENSIONS_BY_FAMILY } from '../../../../schemas/extractor-settings';
import { corpusEntries, corpusEntry } from '../test-support/corpus';
import { FACT_CHECKS, UNCHECKED_FACTS } from './document-facts';

const documents = [
  ...corpusEntries('pdf'),
  ...corpusEntries('office'),
  corpusEntry('hostile/nasty.odt'),
  corpusEntry('hostile/eng_spa_mult.ppt'),
];

describe('the document facts table', () => {
  it('knows every fact key of the document corpus, as a check or with a reason to skip it', () => {
    const keys = new Set(documents.flatMap((entry) => Object.keys(entry.facts)));
    const unknown = [...keys].filter((key) => !(key in FACT_CHECKS) && !(key in UNCHECKED_FACTS));
    expect(unknown).toEqual([]);
  });

  it('has a document parser for every file of pdf/ and office/', () => {
    const formats = new Set(documents.map((entry) => entry.format));
    expect(
      [...formats].filter((f) => !(EXTENSIONS_BY_FAMILY.document as readonly string[]).includes(f)),
    ).toEqual([]);
  });
});
