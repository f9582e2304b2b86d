import { attr, childElements, isElement, local, textOf, type XmlElement } from './xml-text';

/** Repeated table rows and cells (`number-rows-repeated`) are written out at most this often. */
const MAX_REPEAT = 50;
/** Table cells written per document; a crafted table of repeated rows stops here, with a warning. */
export const MAX_TABLE_CELLS = 500_000;

/** What the walk sets aside while reading the flow: footnotes and comments go to their own pages. */
export interface OdfCollector {
  notes: string[];
  comments: string[];
  tables: number;
  /** Table cells written so far, against MAX_TABLE_CELLS. */
  cells: number;
  truncated: boolean;
}

/** Inline machinery that holds no visible text of the paragraph. */
const SKIPPED_INLINE = new Set([
  'bookmark-start',
  'bookmark-end',
  'reference-mark-start',
  'soft-page-break',
  'change',
]);
/**
 * Block elements that only declare things (sequences, tracked changes whose text was deleted), and
 * presentation notes, which the ODP reader puts on pages of their own.
 */
const SKIPPED_BLOCK = new Set([
  'tracked-changes',
  'sequence-decls',
  'variable-decls',
  'forms',
  'page-thumbnail',
  'notes',
]);

const repeat = (element: XmlElement, name: string): number =>
  Math.max(1, Math.min(Number(attr(element, name) ?? '1') || 1, MAX_REPEAT));

/** ODF collapses white space like HTML; text:s, text:tab and text:line-break write it explicitly. */
const paragraphText = (p: XmlElement, out: OdfCollector, after: string[]): string => {
  let text = '';
  const inline = (element: XmlElement) => {
    for (const node of element.children) {
      if (!isElement(node)) {
        text += node.replace(/[ \t\r\n]+/g, ' ');
        continue;
      }
      const name = local(node.name);
      if (name === 's') text += ' '.repeat(Math.min(Number(attr(node, 'c') ?? '1') || 1, 100));
      else if (name === 'tab') text += '\t';
      else if (name === 'line-break') text += '\n';
      else if (name === 'note') out.notes.push(blockLines(firstOf(node, 'note-body'), out).join(' '));
      else if (name === 'annotation') out.comments.push(annotation(node, out));
      else if (name === 'annotation-end' || SKIPPED_INLINE.has(name)) continue;
      else if (name === 'frame' || (name === 'a' && childElements(node, 'frame').length > 0))
        after.push(...frameLines(node, out));
      else inline(node);
    }
  };
  inline(p);
  return text.replace(/^ +| +$/g, '');
};

const firstOf = (element: XmlElement, name: string): XmlElement =>
  childElements(element, name)[0] ?? { name, attributes: {}, children: [] };

const annotation = (node: XmlElement, out: OdfCollector): string => {
  const author = childElements(node, 'creator').map(textOf).join('').trim();
  const text = blockLines(
    { ...node, children: childElements(node, 'p').concat(childElements(node, 'list')) },
    out,
  )
    .join(' ')
    .trim();
  return author ? `${author}: ${text}` : text;
};

/** A frame's alt text (svg:title, svg:desc) and the text of what it holds (a text box, a table). */
const frameLines = (frame: XmlElement, out: OdfCollector): string[] => {
  const lines: string[] = [];
  for (const name of ['title', 'desc']) {
    for (const element of childElements(frame, name)) lines.push(textOf(element).trim());
  }
  for (const child of childElements(frame)) {
    if (local(child.name) === 'frame') lines.push(...frameLines(child, out));
    else if (!['title', 'desc', 'image', 'object'].includes(local(child.name)))
      lines.push(...blockLines(child, out));
  }
  return lines.filter(Boolean);
};

const tableLines = (table: XmlElement, out: OdfCollector): string[] => {
  const lines: string[] = [];
  const rows = (container: XmlElement) => {
    for (const child of childElements(container)) {
      const name = local(child.name);
      if (name === 'table-row') {
        const cells: string[] = [];
        for (const cell of childElements(child)) {
          if (local(cell.name) !== 'table-cell' && local(cell.name) !== 'covered-table-cell') continue;
          const text = blockLines(cell, out).join(' ').replace(/\s+/g, ' ').trim();
          cells.push(...Array<string>(text ? repeat(cell, 'number-columns-repeated') : 1).fill(text));
        }
        while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
        const line = cells.join('\t');
        const wanted = line ? repeat(child, 'number-rows-repeated') : 1;
        const room = Math.floor((MAX_TABLE_CELLS - out.cells) / Math.max(1, cells.length));
        if (room < wanted) out.truncated = true;
        const count = Math.max(0, Math.min(wanted, room));
        out.cells += count * cells.length;
        lines.push(...Array<string>(count).fill(line));
      } else if (['table-header-rows', 'table-rows', 'table-row-group'].includes(name)) {
        rows(child);
      }
    }
  };
  rows(table);
  return lines;
};

/**
 * The lines of an ODF flow (office:text, a text box, a table cell, a notes page): one per
 * paragraph or heading, list items indented two spaces per nesting level, tables row by row with
 * tab-separated cells; shapes and frames read in place.
 *
 * @example
 *   const out = { notes: [], comments: [], tables: 0, cells: 0, truncated: false };
 *   const lines = blockLines(officeText, out);
 */
export const blockLines = (container: XmlElement, out: OdfCollector, depth = 0): string[] => {
  const lines: string[] = [];
  for (const child of childElements(container)) {
    const name = local(child.name);
    if (SKIPPED_BLOCK.has(name)) continue;
    if (name === 'p' || name === 'h') {
      const after: string[] = [];
      const text = paragraphText(child, out, after);
      lines.push(depth > 1 && text ? '  '.repeat(depth - 1) + text : text, ...after);
    } else if (name === 'list') {
      for (const item of childElements(child)) lines.push(...blockLines(item, out, depth + 1));
    } else if (name === 'table') {
      out.tables += 1;
      lines.push(...tableLines(child, out));
    } else if (name === 'frame') {
      lines.push(...frameLines(child, out));
    } else if (name === 'annotation') {
      out.comments.push(annotation(child, out));
    } else {
      // Sections, index bodies, shapes (draw:custom-shape, draw:g), text boxes: read what they hold.
      lines.push(...blockLines(child, out, depth));
    }
  }
  return lines;
};
