import * as CFB from 'cfb';
import { unzlibSync } from 'fflate';
import { parseFailure, type ParsedPage, type Parser, type RawAttachment } from '../types';
import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';
import { looksLikeCfb, looksLikeZip } from './media-types';
import { embeddedFile, MAX_EMBEDDED_BYTES } from './ole-object';
import { summaryInformation } from './ole-summary';
import { pageLimitWarning } from './page-limit';
import { persistDirectory, PptStream, RT, type PptRecord } from './ppt-records';
import { readPresentation } from './pptx';
import { joinLines } from './xml-text';

/** TextHeaderAtom txType of the notes placeholder; other types on a notes page repeat the slide. */
const NOTES_TEXT = 2;

interface SlideText {
  container: PptRecord | null;
  /** Placeholder text stored in the SlideListWithText rather than in the slide's drawing. */
  texts: string[];
  /** The slide id of its notes page (SlideAtom.notesIdRef), 0 when it has none. */
  notesId: number;
}

interface SlideSet {
  slides: SlideText[];
  /** Notes containers by their slide id. */
  notes: Map<number, PptRecord | null>;
}

/** Paragraphs end with \r, line breaks inside one are \v; '*' alone is a slide-number field. */
const clean = (text: string): string =>
  text
    .replace(/\r\n?|\v/g, '\n')
    .replace(/\0/g, '')
    .trim();

/** The text atoms below a container, with the txType of the TextHeaderAtom before each. */
const drawingTexts = (stream: PptStream, container: PptRecord, only?: number): string[] => {
  const texts: string[] = [];
  let txType = -1;
  for (const record of stream.walk(container)) {
    if (record.type === RT.textHeaderAtom && record.length >= 4) txType = stream.u32(record.body);
    else if (record.type === RT.textCharsAtom || record.type === RT.textBytesAtom) {
      if (only === undefined || txType === only) texts.push(clean(stream.text(record)));
    } else if (record.type === RT.comment10) {
      const strings = stream.children(record).filter((r) => r.type === RT.cString);
      const author = strings.find((r) => r.instance === 0);
      const body = strings.find((r) => r.instance === 1);
      if (body) texts.push(`${author ? `${stream.text(author)}: ` : ''}${clean(stream.text(body))}`);
    }
  }
  return texts;
};

/** The SlidePersistAtoms of one SlideListWithText, each with the text atoms that follow it. */
const slideList = (stream: PptStream, list: PptRecord, offsets: Map<number, number>) => {
  const entries: (SlideText & { slideId: number })[] = [];
  for (const record of stream.children(list)) {
    if (record.type === RT.slidePersistAtom && record.length >= 16) {
      const container = stream.record(offsets.get(stream.u32(record.body)) ?? -1);
      entries.push({ container, texts: [], notesId: 0, slideId: stream.u32(record.body + 12) });
    } else if ((record.type === RT.textCharsAtom || record.type === RT.textBytesAtom) && entries.length > 0) {
      entries[entries.length - 1].texts.push(clean(stream.text(record)));
    }
  }
  return entries;
};

const notesIdOf = (stream: PptStream, slide: PptRecord | null): number => {
  const atom = slide && stream.children(slide).find((r) => r.type === RT.slideAtom && r.length >= 20);
  return atom ? stream.u32(atom.body + 16) : 0;
};

/** Slides in presentation order through the persist directory, as PowerPoint reads them. */
const slidesByPersist = (
  stream: PptStream,
  offsets: Map<number, number>,
  documentRef: number,
): SlideSet | null => {
  const document = stream.record(offsets.get(documentRef) ?? -1);
  if (!document || document.type !== RT.document) return null;
  const lists = stream.children(document).filter((r) => r.type === RT.slideListWithText);
  const slides = lists.filter((l) => l.instance === 0).flatMap((l) => slideList(stream, l, offsets));
  const notes = lists.filter((l) => l.instance === 2).flatMap((l) => slideList(stream, l, offsets));
  return {
    slides: slides.map((slide) => ({ ...slide, notesId: notesIdOf(stream, slide.container) })),
    notes: new Map(notes.map((n) => [n.slideId, n.container])),
  };
};

/** A file whose persist directory is unreadable: its slide containers in stream order. */
const slidesInStreamOrder = (stream: PptStream): SlideSet => ({
  slides: stream
    .children(null)
    .filter((r) => r.type === RT.slide)
    .map((container) => ({ container, texts: [], notesId: 0 })),
  notes: new Map(),
});

/** An ExOleObjStg: the OLE storage of an embedded object, zlib-compressed when instance is 1. */
const oleStorage = (stream: PptStream, record: PptRecord): Uint8Array | null => {
  const data = stream.bytes.subarray(record.body, record.body + record.length);
  if (record.instance !== 1) return data;
  const size = stream.u32(record.body);
  if (size > MAX_EMBEDDED_BYTES) return null;
  return unzlibSync(data.subarray(4), { out: new Uint8Array(size) });
};

const embeddedObjects = (
  stream: PptStream,
  offsets: Iterable<number>,
  warnings: TraceMessage[],
): RawAttachment[] => {
  const out: RawAttachment[] = [];
  for (const offset of offsets) {
    const record = stream.record(offset);
    if (record?.type !== RT.exOleObjStg) continue;
    try {
      const storage = oleStorage(stream, record);
      const file = storage && embeddedFile(storage, `object ${out.length + 1}`);
      if (file) out.push(file);
      else if (!storage) warnings.push(traceMessage('warnEmbeddedTooLarge'));
    } catch {
      warnings.push(traceMessage('warnEmbeddedUnreadable'));
    }
  }
  return out;
};

const openContainer = (bytes: Uint8Array): CFB.CFB$Container => {
  if (!looksLikeCfb(bytes)) {
    throw parseFailure('PPT_NOT_OLE', traceMessage('parsePptNotOle'));
  }
  try {
    return CFB.read(bytes, { type: 'array' });
  } catch {
    throw parseFailure('PPT_DAMAGED', traceMessage('parsePptDamaged'));
  }
};

const streamOf = (container: CFB.CFB$Container, name: string): Uint8Array | null => {
  const entry = CFB.find(container, name);
  return entry?.content && entry.content.length > 0 ? Uint8Array.from(entry.content) : null;
};

/**
 * PowerPoint 97-2003. The 'PowerPoint Document' stream is a tree of records (8-byte headers);
 * slides are found in presentation order through Current User → UserEditAtom → persist directory
 * → SlideListWithText, and each 'slide N' page gathers the placeholder text of the list and the
 * text boxes of the slide's drawing (TextCharsAtom UTF-16, TextBytesAtom Latin-1), plus its
 * comments; speaker notes follow as 'notes N'. Embedded objects (ExOleObjStg) become attachments.
 * A PPTX named .ppt is read as PPTX with a warning.
 */
export const pptParser: Parser<'document'> = {
  family: 'document',
  extensions: ['ppt'],
  async parse(input, context) {
    const { maxPages } = context.options;
    if (looksLikeZip(input.bytes)) {
      const out = readPresentation(input, context.options);
      out.warnings.unshift(traceMessage('warnPptIsPptx'));
      return out;
    }
    const container = openContainer(input.bytes);
    const bytes = streamOf(container, 'PowerPoint Document');
    if (!bytes) throw parseFailure('PPT_NO_DOCUMENT', traceMessage('parsePptNoDocument'));
    const stream = new PptStream(bytes);
    const warnings: TraceMessage[] = [];
    const currentUser = streamOf(container, 'Current User');
    const editOffset = currentUser && currentUser.length >= 20 ? new PptStream(currentUser).u32(16) : -1;
    const persist = persistDirectory(stream, editOffset);
    if (
      persist?.encryptionRef &&
      stream.record(persist.offsets.get(persist.encryptionRef) ?? -1)?.type === RT.cryptSession
    ) {
      throw parseFailure('PPT_ENCRYPTED', traceMessage('parsePptEncrypted'));
    }
    let set = persist && slidesByPersist(stream, persist.offsets, persist.documentRef);
    if (!set || set.slides.length === 0) {
      const linear = slidesInStreamOrder(stream);
      if (linear.slides.length > 0) warnings.push(traceMessage('warnSlideListDamaged'));
      if (!set || linear.slides.length > 0) set = linear;
    }
    const { slides, notes } = set;
    const limit = pageLimitWarning(slides.length, maxPages, 'slides');
    if (limit) warnings.push(limit);
    const pages: ParsedPage[] = [];
    slides.slice(0, maxPages).forEach((slide, i) => {
      const texts = [...slide.texts];
      for (const text of slide.container ? drawingTexts(stream, slide.container) : []) {
        if (!texts.includes(text)) texts.push(text);
      }
      pages.push({
        text: joinLines(texts.filter((t) => t && t !== '*')),
        ocr: false,
        label: `slide ${i + 1}`,
      });
      const notesPage = notes.get(slide.notesId);
      const notesText = notesPage ? joinLines(drawingTexts(stream, notesPage, NOTES_TEXT)) : '';
      if (notesText) pages.push({ text: notesText, ocr: false, label: `notes ${i + 1}` });
    });
    const objectOffsets = persist ? persist.offsets.values() : stream.children(null).map((r) => r.offset);
    const { title, author } = summaryInformation(container);
    return {
      pages,
      attachments: embeddedObjects(stream, objectOffsets, warnings),
      metadata: { ...(title ? { title } : {}), ...(author ? { author } : {}), slideCount: slides.length },
      warnings,
    };
  },
};
