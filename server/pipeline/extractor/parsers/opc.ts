import path from 'node:path/posix';
import { parseFailure, type RawAttachment } from '../types';
import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';
import { mimeOf } from './media-types';
import { embeddedFile } from './ole-object';
import { unzipBounded } from './zip';
import { attr, childElements, descendants, firstChild, parseXml, textOf, type XmlElement } from './xml-text';

/**
 * An OOXML package (DOCX, PPTX): the parts read through `unzipBounded`, so a zip bomb fails with
 * its ZIP_BOMB error before any XML is parsed. Parts are found through relationships, as Office
 * does, not by conventional names alone.
 */
export interface OpcPackage {
  /** Every entry name of the archive, read or not. */
  names: string[];
  parts: Map<string, Uint8Array>;
  warnings: TraceMessage[];
  /** Relationships already read, by source part. */
  rels: Map<string, Relationship[]>;
}

export interface Relationship {
  id: string;
  /** The last segment of the relationship type URI: 'officeDocument', 'slide', 'comments'… */
  type: string;
  /** The target part name, resolved against its source; the URL itself when external. */
  target: string;
  external: boolean;
}

/** Opens a package, inflating only the entries `want` accepts (the rest are listed in `names`). */
export const openPackage = (bytes: Uint8Array, want: (name: string) => boolean): OpcPackage => {
  const names: string[] = [];
  const parts = unzipBounded(bytes, (name) => {
    names.push(name);
    return name.endsWith('.rels') || name.startsWith('docProps/') || want(name);
  });
  return { names, parts, warnings: [], rels: new Map() };
};

export const xmlPart = (pkg: OpcPackage, name: string): XmlElement | undefined => {
  const bytes = pkg.parts.get(name);
  return bytes ? parseXml(bytes, name, pkg.warnings) : undefined;
};

const safeDecode = (name: string): string => {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};

const relsName = (part: string): string =>
  part === '' ? '_rels/.rels' : path.join(path.dirname(part), '_rels', `${path.basename(part)}.rels`);

/** The relationships of a part ('' for the package's own), in document order. */
export const relationships = (pkg: OpcPackage, part: string): Relationship[] => {
  const known = pkg.rels.get(part);
  if (known) return known;
  const xml = xmlPart(pkg, relsName(part));
  const rels = (xml ? childElements(xml, 'Relationship') : []).map((rel) => {
    const target = attr(rel, 'Target') ?? '';
    const external = attr(rel, 'TargetMode') === 'External';
    const resolved = target.startsWith('/') ? target.slice(1) : path.join(path.dirname(part), target);
    return {
      id: attr(rel, 'Id') ?? '',
      type: (attr(rel, 'Type') ?? '').split('/').pop() ?? '',
      target: external ? target : safeDecode(resolved),
      external,
    };
  });
  pkg.rels.set(part, rels);
  return rels;
};

/** The package's main part (word/document.xml, ppt/presentation.xml), or a clear refusal. */
export const mainPart = (pkg: OpcPackage, fallback: string, kind: string): string => {
  const main = relationships(pkg, '').find((rel) => rel.type === 'officeDocument')?.target ?? fallback;
  if (!pkg.parts.has(main)) {
    throw parseFailure('NOT_OOXML', traceMessage('parseNotOoxml', { kind, part: fallback }));
  }
  return main;
};

/** Title, author, page count… from docProps/core.xml and docProps/app.xml when present. */
export const packageMetadata = (pkg: OpcPackage): Record<string, string | number> => {
  const metadata: Record<string, string | number> = {};
  const core = xmlPart(pkg, 'docProps/core.xml');
  const app = xmlPart(pkg, 'docProps/app.xml');
  const text = (root: XmlElement | undefined, name: string) => {
    const element = root && firstChild(root, name);
    return element ? textOf(element).trim() : '';
  };
  const strings = {
    title: text(core, 'title'),
    author: text(core, 'creator'),
    application: text(app, 'Application'),
  };
  for (const [key, value] of Object.entries(strings)) if (value) metadata[key] = value;
  const pages = Number(text(app, 'Pages'));
  if (app && descendants(app, 'Pages').length > 0 && Number.isFinite(pages)) metadata.pageCount = pages;
  return metadata;
};

/**
 * The files the given parts embed: embedded objects (an attached workbook, a packaged file, read
 * out of their OLE wrapper) and, when asked, pictures. Each target once, in relationship order.
 */
export const embeddedFiles = (
  pkg: OpcPackage,
  sources: readonly string[],
  { images }: { images: boolean },
): RawAttachment[] => {
  const out: RawAttachment[] = [];
  const seen = new Set<string>();
  for (const rel of sources.flatMap((source) => relationships(pkg, source))) {
    const bytes = pkg.parts.get(rel.target);
    if (rel.external || !bytes || seen.has(rel.target)) continue;
    seen.add(rel.target);
    const filename = path.basename(rel.target);
    if ((rel.type === 'image' && images) || rel.type === 'package') {
      out.push({ filename, mime: mimeOf(filename), bytes, inline: rel.type === 'image' });
    } else if (rel.type === 'oleObject') {
      try {
        const file = embeddedFile(bytes, filename.replace(/\.bin$/i, ''));
        if (file) out.push(file);
      } catch {
        pkg.warnings.push(traceMessage('warnEmbeddedFileUnreadable', { filename }));
      }
    }
  }
  return out;
};
