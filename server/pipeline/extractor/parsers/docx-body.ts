import { attr, childElements, descendants, isElement, local, textOf, type XmlElement } from './xml-text';

/** What the walk counts while it reads, for the metadata. */
export interface WordCounts {
  /** Tables at the top level (a table nested in a cell is part of its table). */
  tables: number;
  images: number;
  /** How many tables the walk is inside of. */
  nesting: number;
}

/** Containers whose content reads as if it were in their parent. */
export const TRANSPARENT = new Set([
  'hyperlink',
  'ins',
  'smartTag',
  'fldSimple',
  'customXml',
  'moveTo',
  'bdo',
  'dir',
  'r',
]);
/** Deleted or hidden machinery: tracked deletions, field codes, properties. */
export const SKIPPED = new Set([
  'del',
  'moveFrom',
  'delText',
  'instrText',
  'rPr',
  'pPr',
  'tblPr',
  'trPr',
  'tcPr',
  'sectPr',
]);

/** mc:AlternateContent holds the same content twice (a modern Choice, a VML Fallback): read one. */
export const chosen = (alternate: XmlElement): XmlElement[] =>
  childElements(childElements(alternate)[0] ?? alternate);

/** The alt text of a drawing (wp:docPr descr, else title) and the paragraphs of its text boxes. */
const drawingLines = (drawing: XmlElement, counts: WordCounts): string[] => {
  const lines: string[] = [];
  for (const docPr of descendants(drawing, 'docPr')) {
    const alt = (attr(docPr, 'descr') || attr(docPr, 'title') || '').trim();
    if (alt) lines.push(alt);
  }
  counts.images += descendants(drawing, 'blip').length;
  for (const box of descendants(drawing, 'txbxContent')) lines.push(...blockLines(box, counts));
  return lines;
};

/**
 * The text of one w:p: runs, tabs, breaks; deleted text and field codes left out. Text boxes and
 * image alt texts anchored in the paragraph come back as lines of their own after it.
 */
const paragraph = (p: XmlElement, counts: WordCounts): { text: string; after: string[] } => {
  let text = '';
  const after: string[] = [];
  const inline = (element: XmlElement) => {
    for (const node of element.children) {
      if (!isElement(node)) continue;
      const name = local(node.name);
      if (SKIPPED.has(name)) continue;
      if (name === 't') text += textOf(node);
      else if (name === 'tab' || name === 'ptab') text += '\t';
      else if (name === 'br' || name === 'cr') text += '\n';
      else if (name === 'noBreakHyphen') text += '-';
      else if (name === 'drawing' || name === 'pict' || name === 'object')
        after.push(...drawingLines(node, counts));
      else if (name === 'AlternateContent') inline({ ...node, children: chosen(node) });
      else if (name === 'oMath' || name === 'oMathPara') text += descendants(node, 't').map(textOf).join('');
      else if (name === 'sdt') childElements(node, 'sdtContent').forEach(inline);
      else if (TRANSPARENT.has(name)) inline(node);
    }
  };
  inline(p);
  return { text, after };
};

/** A table, row by row, cells tab-separated; a cell's own paragraphs and nested tables join with spaces. */
const tableLines = (table: XmlElement, counts: WordCounts): string[] =>
  childElements(table, 'tr').map((row) =>
    childElements(row, 'tc')
      .map((cell) => blockLines(cell, counts).join(' ').replace(/\s+/g, ' ').trim())
      .join('\t'),
  );

/**
 * The lines of a block container (w:body, a cell, a comment, a header, a text box): one per
 * paragraph, one per table row.
 *
 * @example
 *   const counts = { tables: 0, images: 0, nesting: 0 };
 *   const text = blockLines(body, counts).join('\n');
 */
export const blockLines = (container: XmlElement, counts: WordCounts): string[] => {
  const lines: string[] = [];
  for (const node of container.children) {
    if (!isElement(node)) continue;
    const name = local(node.name);
    if (name === 'p') {
      const { text, after } = paragraph(node, counts);
      lines.push(text, ...after);
    } else if (name === 'tbl') {
      if (counts.nesting === 0) counts.tables += 1;
      counts.nesting += 1;
      lines.push(...tableLines(node, counts));
      counts.nesting -= 1;
    } else if (name === 'sdt') {
      for (const content of childElements(node, 'sdtContent')) lines.push(...blockLines(content, counts));
    } else if (name === 'AlternateContent') {
      lines.push(...blockLines({ ...node, children: chosen(node) }, counts));
    } else if (name === 'customXml' || name === 'ins' || name === 'moveTo') {
      lines.push(...blockLines(node, counts));
    }
  }
  return lines;
};
