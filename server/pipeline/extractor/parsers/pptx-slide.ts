import type { OpcPackage, Relationship } from './opc';
import { xmlPart } from './opc';
import {
  attr,
  childElements,
  descendants,
  firstChild,
  isElement,
  local,
  textOf,
  type XmlElement,
} from './xml-text';

/** What the walk counts for the metadata. */
export interface SlideCounts {
  tables: number;
  charts: number;
}

/** Notes-page placeholders that repeat the slide (its picture, number, date) rather than say anything. */
const NOTES_BOILERPLATE = new Set(['sldImg', 'sldNum', 'dt', 'hdr', 'ftr']);

/** One a:p: runs, fields and breaks, indented two spaces per outline level. */
const paragraphText = (p: XmlElement): string => {
  let text = '';
  for (const node of p.children) {
    if (!isElement(node)) continue;
    const name = local(node.name);
    if (name === 'r' || name === 'fld') text += childElements(node, 't').map(textOf).join('');
    else if (name === 'br') text += '\n';
    else if (name === 'AlternateContent')
      text += descendants(childElements(node)[0] ?? node, 't')
        .map(textOf)
        .join('');
  }
  const pPr = firstChild(p, 'pPr');
  const level = Math.min(Number((pPr && attr(pPr, 'lvl')) ?? 0) || 0, 8);
  return text.trim() ? '  '.repeat(level) + text : text;
};

/** The paragraphs of a text body (p:txBody, a:txBody, c:rich). */
export const textBodyLines = (body: XmlElement | undefined): string[] =>
  body ? childElements(body, 'p').map(paragraphText) : [];

const tableLines = (table: XmlElement): string[] =>
  childElements(table, 'tr').map((row) =>
    childElements(row, 'tc')
      .map((cell) => (attr(cell, 'hMerge') || attr(cell, 'vMerge') ? '' : cell))
      .map((cell) =>
        typeof cell === 'string' ? cell : textBodyLines(firstChild(cell, 'txBody')).join(' ').trim(),
      )
      .join('\t'),
  );

/** A chart's title, axis titles and series names (the numbers stay in the chart). */
const chartLines = (chart: XmlElement): string[] => {
  const lines = descendants(chart, 'title').flatMap((title) => descendants(title, 'p').map(paragraphText));
  for (const series of descendants(chart, 'ser')) {
    const name = firstChild(series, 'tx');
    if (name) lines.push(descendants(name, 'v').map(textOf).join(' '));
  }
  return lines.map((line) => line.trim()).filter(Boolean);
};

/** What a graphic frame shows: a table, a chart (its own part) or a SmartArt diagram (its data part). */
const graphicLines = (
  frame: XmlElement,
  rels: Map<string, Relationship>,
  pkg: OpcPackage,
  counts: SlideCounts,
) => {
  const lines: string[] = [];
  for (const table of descendants(frame, 'tbl')) {
    counts.tables += 1;
    lines.push(...tableLines(table));
  }
  for (const chart of descendants(frame, 'chart')) {
    const part = rels.get(attr(chart, 'r:id') ?? '');
    const xml = part && xmlPart(pkg, part.target);
    if (!xml) continue;
    counts.charts += 1;
    lines.push(...chartLines(xml));
  }
  for (const diagram of descendants(frame, 'relIds')) {
    const part = rels.get(attr(diagram, 'r:dm') ?? '');
    const xml = part && xmlPart(pkg, part.target);
    if (xml)
      lines.push(...descendants(xml, 'pt').map((pt) => descendants(pt, 't').map(textOf).join('').trim()));
  }
  return lines;
};

/** The alt text of a picture or frame (descr, else title), as authors write it for screen readers. */
const altText = (shape: XmlElement): string[] => {
  const cNvPr = descendants(shape, 'cNvPr')[0];
  const alt = cNvPr ? (attr(cNvPr, 'descr') || attr(cNvPr, 'title') || '').trim() : '';
  return alt ? [alt] : [];
};

const placeholderType = (shape: XmlElement): string | undefined => {
  const ph = descendants(firstChild(shape, 'nvSpPr') ?? shape, 'ph')[0];
  return ph && (attr(ph, 'type') ?? 'body');
};

/**
 * The lines of a slide or notes part, shapes in tree order: text bodies, tables, chart titles,
 * diagram text, picture alt texts; groups read through. On a notes page only the notes text counts.
 *
 * @example
 *   const lines = slideLines(pkg, 'ppt/slides/slide1.xml', { tables: 0, charts: 0 }, false);
 */
export const slideLines = (
  pkg: OpcPackage,
  part: string,
  rels: Relationship[],
  counts: SlideCounts,
  notes: boolean,
) => {
  const root = xmlPart(pkg, part);
  const tree = root && descendants(root, 'spTree')[0];
  if (!tree) return [];
  const byId = new Map(rels.map((rel) => [rel.id, rel]));
  const lines: string[] = [];
  const visit = (container: XmlElement) => {
    for (const shape of childElements(container)) {
      const name = local(shape.name);
      if (name === 'sp') {
        if (notes && NOTES_BOILERPLATE.has(placeholderType(shape) ?? '')) continue;
        if (!notes) lines.push(...altText(shape));
        lines.push(...textBodyLines(firstChild(shape, 'txBody')));
      } else if (name === 'grpSp') visit(shape);
      else if (name === 'pic') lines.push(...altText(shape));
      else if (name === 'graphicFrame')
        lines.push(...altText(shape), ...graphicLines(shape, byId, pkg, counts));
      else if (name === 'AlternateContent') visit(childElements(shape)[0] ?? shape);
    }
  };
  visit(tree);
  return lines;
};
