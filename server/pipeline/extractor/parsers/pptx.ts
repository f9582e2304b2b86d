import type { ParsedPage, ParseInput, ParseOutput, Parser } from '../types';
import type { DocumentOptions } from '../../../../schemas/extractor-settings';
import {
  embeddedFiles,
  mainPart,
  openPackage,
  packageMetadata,
  relationships,
  xmlPart,
  type OpcPackage,
} from './opc';
import { pageLimitWarning } from './page-limit';
import { slideLines, type SlideCounts } from './pptx-slide';
import { attr, descendants, joinLines } from './xml-text';

/** The slide parts in presentation order (p:sldIdLst), not in the order of their file names. */
const slideParts = (pkg: OpcPackage, presentation: string): string[] => {
  const rels = new Map(relationships(pkg, presentation).map((rel) => [rel.id, rel]));
  const root = xmlPart(pkg, presentation);
  const ids = root ? descendants(root, 'sldId') : [];
  return ids.flatMap((id) => {
    const rel = rels.get(attr(id, 'r:id') ?? '');
    return rel && rel.type === 'slide' && pkg.parts.has(rel.target) ? [rel.target] : [];
  });
};

/**
 * Reads a PresentationML package; shared with the PPT parser, which meets PPTX files named .ppt.
 *
 * @example
 *   const out = readPresentation(input, context.options);
 */
export const readPresentation = (input: ParseInput, options: DocumentOptions): ParseOutput => {
  const pkg = openPackage(input.bytes, (name) => name.startsWith('ppt/') && !name.startsWith('ppt/media/'));
  const presentation = mainPart(pkg, 'ppt/presentation.xml', 'PowerPoint');
  const slides = slideParts(pkg, presentation);
  const limit = pageLimitWarning(slides.length, options.maxPages, 'slides');
  if (limit) pkg.warnings.push(limit);
  const counts: SlideCounts = { tables: 0, charts: 0 };
  const pages: ParsedPage[] = [];
  let notesSlides = 0;
  const read = slides.slice(0, options.maxPages);
  read.forEach((slide, i) => {
    const rels = relationships(pkg, slide);
    pages.push({
      text: joinLines(slideLines(pkg, slide, rels, counts, false)),
      ocr: false,
      label: `slide ${i + 1}`,
    });
    const notes = rels.find((rel) => rel.type === 'notesSlide' && pkg.parts.has(rel.target));
    if (!notes) return;
    notesSlides += 1;
    const text = joinLines(slideLines(pkg, notes.target, relationships(pkg, notes.target), counts, true));
    if (text) pages.push({ text, ocr: false, label: `notes ${i + 1}` });
  });
  return {
    pages,
    attachments: embeddedFiles(pkg, read, { images: false }),
    metadata: {
      ...packageMetadata(pkg),
      slideCount: slides.length,
      notesSlideCount: notesSlides,
      tableCount: counts.tables,
      chartCount: counts.charts,
      hasMacros: pkg.names.some((name) => /vbaProject\.bin$/i.test(name)),
    },
    warnings: pkg.warnings,
  };
};

/**
 * PowerPoint 2007+ (PPTX, macro-enabled PPTM). One page per slide in presentation order, labelled
 * 'slide N' (text bodies, tables row by row, chart titles, diagram text, picture alt texts), each
 * followed by its speaker notes as 'notes N' when it has some. Embedded objects become
 * attachments; pictures do not (a deck's pictures are mostly decoration). Macros are not read,
 * only reported (`hasMacros`).
 */
export const pptxParser: Parser<'document'> = {
  family: 'document',
  extensions: ['pptx', 'pptm'],
  async parse(input, context) {
    return readPresentation(input, context.options);
  },
};
