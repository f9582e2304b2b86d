import type { Parser } from './types';
import { docParser } from './parsers/doc';
import { docxParser } from './parsers/docx';
import { emlParser } from './parsers/eml';
import { htmlParser } from './parsers/html';
import { imageParser } from './parsers/image';
import { mp3Parser } from './parsers/mp3';
import { msgParser } from './parsers/msg';
import { odfParser } from './parsers/odf';
import { pdfParser } from './parsers/pdf';
import { pptParser } from './parsers/ppt';
import { pptxParser } from './parsers/pptx';
import { spreadsheetParser } from './parsers/spreadsheet';

/** Every parser of the extractor; one per extension (a test checks the list against the spec's). */
export const PARSERS: readonly Parser[] = [
  emlParser,
  msgParser,
  htmlParser,
  pdfParser,
  docParser,
  docxParser,
  pptParser,
  pptxParser,
  odfParser,
  spreadsheetParser,
  imageParser,
  mp3Parser,
] as Parser[];

const byExtension = new Map(PARSERS.flatMap((p) => p.extensions.map((ext) => [ext, p] as const)));

/** The parser of an extension the extractor supports (lower case, no dot). */
export const parserFor = (extension: string): Parser => {
  const parser = byExtension.get(extension);
  if (!parser) throw new Error(`No parser reads .${extension}`);
  return parser;
};
