import * as CFB from 'cfb';
import WordExtractor, { type WordDocument } from 'word-extractor';
import { parseFailure, type ParsedPage, type Parser } from '../types';
import { traceMessage } from '../../../../schemas/trace-messages';
import { docxParser } from './docx';
import { looksLikeCfb, looksLikeZip } from './media-types';
import { summaryInformation } from './ole-summary';
import { joinLines } from './xml-text';

/** word-extractor ends table cells and rows with tabs; a row's closing tab carries nothing. */
const tidy = (text: string): string => joinLines(text.replace(/[ \t]+\n/g, '\n').split('\n'));

/**
 * word-extractor writes each cell mark as a tab and each row mark (sprmPFTtp) as a line break, so
 * a table is a run of lines ending with a tab. A paragraph ending with a real tab counts too: rare.
 */
const countTables = (body: string): number =>
  body.split('\n').reduce(
    (state, line) => {
      const row = line.endsWith('\t');
      return { count: state.count + (row && !state.inTable ? 1 : 0), inTable: row };
    },
    { count: 0, inTable: false },
  ).count;

const openContainer = (bytes: Uint8Array): CFB.CFB$Container => {
  if (new TextDecoder('latin1').decode(bytes.subarray(0, 5)) === '{\\rtf') {
    throw parseFailure('DOC_IS_RTF', traceMessage('parseDocIsRtf'));
  }
  if (!looksLikeCfb(bytes)) {
    throw parseFailure('DOC_NOT_OLE', traceMessage('parseDocNotOle'));
  }
  try {
    return CFB.read(bytes, { type: 'array' });
  } catch {
    throw parseFailure('DOC_DAMAGED', traceMessage('parseDocDamaged'));
  }
};

/** FibBase.fEncrypted ([MS-DOC] 2.5.2): bit 8 of the flags at offset 0x0A of the WordDocument stream. */
const isEncrypted = (container: CFB.CFB$Container): boolean => {
  const stream = CFB.find(container, 'WordDocument');
  if (!stream?.content || stream.content.length < 12) {
    throw parseFailure('DOC_NO_DOCUMENT', traceMessage('parseDocNoDocument'));
  }
  return (stream.content[0x0b] & 0x01) !== 0;
};

const raw = { filterUnicode: false };

const pagesOf = (document: WordDocument): ParsedPage[] => {
  const body = tidy(
    `${document.getBody(raw)}\n${document.getTextboxes({ ...raw, includeHeadersAndFooters: false })}`,
  );
  const sections: [string, string][] = [
    ['notes', `${document.getFootnotes(raw)}\n${document.getEndnotes(raw)}`],
    ['headers and footers', document.getHeaders({ ...raw, includeFooters: true })],
    ['comments', document.getAnnotations(raw)],
  ];
  const pages: ParsedPage[] = [{ text: body, ocr: false }];
  for (const [label, text] of sections) if (tidy(text)) pages.push({ text: tidy(text), ocr: false, label });
  return pages;
};

/**
 * Word 97-2003 documents through word-extractor: the body with its text boxes (table cells
 * tab-separated), then 'notes' (footnotes, endnotes), 'headers and footers' and 'comments' pages.
 * Title, author and saved page count come from the OLE summary information. A DOCX named .doc is
 * read as DOCX with a warning; an encrypted document is refused.
 */
export const docParser: Parser<'document'> = {
  family: 'document',
  extensions: ['doc'],
  async parse(input, context) {
    if (looksLikeZip(input.bytes)) {
      const out = await docxParser.parse(input, context);
      out.warnings.unshift(traceMessage('warnDocIsDocx'));
      return out;
    }
    const container = openContainer(input.bytes);
    if (isEncrypted(container)) {
      throw parseFailure('DOC_ENCRYPTED', traceMessage('parseDocEncrypted'));
    }
    let document: WordDocument;
    try {
      document = await new WordExtractor().extract(
        Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
      );
    } catch (error) {
      throw parseFailure(
        'DOC_DAMAGED',
        traceMessage('parseDocDamagedDetail', { detail: (error as Error).message }),
      );
    }
    const hasMacros = container.FullPaths.some((name) => /\/Macros\/$/i.test(name));
    return {
      pages: pagesOf(document),
      attachments: [],
      metadata: {
        ...summaryInformation(container),
        tableCount: countTables(document.getBody(raw)),
        hasMacros,
      },
      warnings: [],
    };
  },
};
