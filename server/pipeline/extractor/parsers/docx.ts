import { parseFailure, type ParsedPage, type Parser } from '../types';
import { traceMessage } from '../../../../schemas/trace-messages';
import { blockLines, type WordCounts } from './docx-body';
import { bodyHtml, headingLevels } from './docx-html';
import {
  embeddedFiles,
  mainPart,
  openPackage,
  packageMetadata,
  relationships,
  xmlPart,
  type OpcPackage,
} from './opc';
import { attr, childElements, firstChild, joinLines, type XmlElement } from './xml-text';

/** Footnote and endnote entries that only draw the separator line. */
const SEPARATORS = new Set(['separator', 'continuationSeparator', 'continuationNotice']);

const partsOf = (pkg: OpcPackage, main: string, ...types: string[]): XmlElement[] =>
  relationships(pkg, main)
    .filter((rel) => !rel.external && types.includes(rel.type))
    .flatMap((rel) => xmlPart(pkg, rel.target) ?? []);

/** Comments as 'Author: text' lines, in the order of comments.xml. */
const commentLines = (pkg: OpcPackage, main: string, counts: WordCounts): string[] =>
  partsOf(pkg, main, 'comments').flatMap((root) =>
    childElements(root, 'comment').map((comment) => {
      const text = blockLines(comment, counts).join(' ').trim();
      const author = attr(comment, 'author');
      return author ? `${author}: ${text}` : text;
    }),
  );

const noteLines = (pkg: OpcPackage, main: string, counts: WordCounts): string[] =>
  partsOf(pkg, main, 'footnotes', 'endnotes').flatMap((root) =>
    childElements(root)
      .filter((note) => !SEPARATORS.has(attr(note, 'type') ?? ''))
      .map((note) => blockLines(note, counts).join(' ').trim()),
  );

/** Headers and footers, each distinct text once (first-page, even and default ones often repeat). */
const headerFooterLines = (pkg: OpcPackage, main: string, counts: WordCounts): string[] => [
  ...new Set(partsOf(pkg, main, 'header', 'footer').map((root) => joinLines(blockLines(root, counts)))),
];

/**
 * Word 2007+ documents. The package is read through `unzipBounded` (a zip bomb fails with
 * ZIP_BOMB before any XML is parsed), then WordprocessingML is walked directly rather than
 * through mammoth: its raw text flattens tables cell by cell and drops comments and alt texts.
 * Pages: the body (tables row by row, cells tab-separated, image alt texts and text boxes as
 * lines; with its structure as HTML for the preview, docx-html.ts), then 'notes' (footnotes, endnotes), 'headers and footers', 'comments' when present.
 */
export const docxParser: Parser<'document'> = {
  family: 'document',
  extensions: ['docx'],
  async parse(input) {
    const pkg = openPackage(input.bytes, (name) => name.startsWith('word/'));
    const main = mainPart(pkg, 'word/document.xml', 'Word');
    const root = xmlPart(pkg, main)!;
    const body = firstChild(root, 'body');
    if (!body) throw parseFailure('DOCX_NO_BODY', traceMessage('parseDocxNoBody', { part: main }));
    const counts: WordCounts = { tables: 0, images: 0, nesting: 0 };
    const html = bodyHtml(body, headingLevels(partsOf(pkg, main, 'styles')[0]));
    const pages: ParsedPage[] = [
      { text: joinLines(blockLines(body, counts)), ocr: false, ...(html !== undefined ? { html } : {}) },
    ];
    const tables = counts.tables;
    const sections: [string, string[]][] = [
      ['notes', noteLines(pkg, main, counts)],
      ['headers and footers', headerFooterLines(pkg, main, counts)],
      ['comments', commentLines(pkg, main, counts)],
    ];
    for (const [label, lines] of sections) {
      const text = joinLines(lines);
      if (text) pages.push({ text, ocr: false, label });
    }
    const attachments = embeddedFiles(pkg, [main], { images: true });
    return {
      pages,
      attachments,
      metadata: {
        ...packageMetadata(pkg),
        tableCount: tables,
        imageCount: counts.images,
        commentCount: sections[2][1].length,
        hasMacros: pkg.names.some((name) => /vbaProject\.bin$/i.test(name)),
      },
      warnings: pkg.warnings,
    };
  },
};
