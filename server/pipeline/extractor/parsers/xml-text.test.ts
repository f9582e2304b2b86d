import { describe, expect, it } from 'vitest';
import { inEnglish, type TraceMessage } from '../../../../schemas/trace-messages';
import { descendants, parseXml, textOf } from './xml-text';

const parse = (xml: string | Uint8Array, limits?: { maxNodes: number; maxDepth: number }) => {
  const warnings: TraceMessage[] = [];
  return { root: parseXml(xml, 'part.xml', warnings, limits), warnings: warnings.map(inEnglish) };
};

describe('parseXml', () => {
  it('builds a tree whose text reads back in document order', () => {
    const { root } = parse('<a><b>one</b> <b>two<![CDATA[ & three]]></b></a>');
    expect(descendants(root, 'b').map(textOf)).toEqual(['one', 'two & three']);
  });

  it('decodes a UTF-16 part by its byte order mark', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from('<a>é</a>', 'utf16le'))]);
    expect(textOf(parse(utf16).root)).toBe('é');
  });

  it('leaves declared entities unexpanded and says so', () => {
    const { root, warnings } = parse('<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>');
    expect(textOf(root)).toBe('&x;');
    expect(warnings).toEqual([
      'part.xml declares XML entities; they were ignored',
      'part.xml refers to XML entities that were not expanded',
    ]);
  });

  it('refuses a part nested deeper than the limit', () => {
    expect(() => parse('<a>'.repeat(300) + '</a>'.repeat(300))).toThrow(
      expect.objectContaining({ name: 'ParseError', code: 'XML_TOO_DEEP' }),
    );
  });

  it('refuses a part with more nodes than the limit', () => {
    expect(() => parse(`<a>${'<b/>'.repeat(11)}</a>`, { maxNodes: 10, maxDepth: 5 })).toThrow(
      expect.objectContaining({ code: 'XML_TOO_LARGE' }),
    );
  });

  it('refuses bytes that hold no element', () => {
    expect(() => parse('just text')).toThrow(expect.objectContaining({ code: 'XML_MALFORMED' }));
  });
});
