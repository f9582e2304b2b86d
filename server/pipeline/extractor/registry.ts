import { EXTENSIONS_BY_FAMILY, type ParserFamily } from '../../../schemas/extractor-settings';
import type { Parser } from './types';

/**
 * A parser's family and extensions, and how to load it. Parsers load on their first file, not at
 * start: their libraries (pdf.js, SheetJS, mailparser, canvas…) took about 0.8 s of every start to
 * /healthz, for formats a process may never read. The registry's test checks each entry against
 * the parser it loads.
 */
export interface ParserEntry {
  family: ParserFamily;
  extensions: readonly string[];
  load: () => Promise<Parser>;
}

/** Every parser of the extractor; one per extension (a test checks the list against the spec's). */
export const PARSERS: readonly ParserEntry[] = [
  { family: 'email', extensions: ['eml'], load: () => import('./parsers/eml').then((m) => m.emlParser) },
  { family: 'email', extensions: ['msg'], load: () => import('./parsers/msg').then((m) => m.msgParser) },
  { family: 'text', extensions: ['html'], load: () => import('./parsers/html').then((m) => m.htmlParser) },
  { family: 'document', extensions: ['pdf'], load: () => import('./parsers/pdf').then((m) => m.pdfParser) },
  { family: 'document', extensions: ['doc'], load: () => import('./parsers/doc').then((m) => m.docParser) },
  {
    family: 'document',
    extensions: ['docx'],
    load: () => import('./parsers/docx').then((m) => m.docxParser),
  },
  { family: 'document', extensions: ['ppt'], load: () => import('./parsers/ppt').then((m) => m.pptParser) },
  {
    family: 'document',
    extensions: ['pptx', 'pptm'],
    load: () => import('./parsers/pptx').then((m) => m.pptxParser),
  },
  {
    family: 'document',
    extensions: ['odt', 'odp'],
    load: () => import('./parsers/odf').then((m) => m.odfParser),
  },
  {
    family: 'spreadsheet',
    extensions: EXTENSIONS_BY_FAMILY.spreadsheet,
    load: () => import('./parsers/spreadsheet').then((m) => m.spreadsheetParser as Parser),
  },
  {
    family: 'image',
    extensions: EXTENSIONS_BY_FAMILY.image,
    load: () => import('./parsers/image').then((m) => m.imageParser as Parser),
  },
  {
    family: 'audio',
    extensions: EXTENSIONS_BY_FAMILY.audio,
    load: () => import('./parsers/mp3').then((m) => m.mp3Parser as Parser),
  },
];

const byExtension = new Map(PARSERS.flatMap((p) => p.extensions.map((ext) => [ext, p] as const)));
const loaded = new Map<ParserEntry, Promise<Parser>>();

/** The parser of an extension the extractor supports (lower case, no dot), loaded on first use. */
export const parserFor = (extension: string): Promise<Parser> => {
  const entry = byExtension.get(extension);
  if (!entry) throw new Error(`No parser reads .${extension}`);
  let parser = loaded.get(entry);
  if (!parser) loaded.set(entry, (parser = entry.load()));
  return parser;
};
