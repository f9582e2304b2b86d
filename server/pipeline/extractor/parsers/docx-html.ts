// A Word document's body as plain, safe HTML for the result's preview: the structure a reader
// sees (headings, paragraphs, emphasis, lists, tables), none of the document's own markup.
import { chosen, SKIPPED, TRANSPARENT } from './docx-body';
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

/** The most HTML kept for a preview; past it the preview ends with an ellipsis. */
export const MAX_PREVIEW_HTML = 2 * 1024 * 1024;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A run property set on (`<w:b/>`, `<w:b w:val="1"/>`), not switched off (`w:val="0"`, `false`, `none`). */
const on = (properties: XmlElement | undefined, name: string): boolean => {
  const p = properties && firstChild(properties, name);
  if (!p) return false;
  const value = attr(p, 'val');
  return value === undefined || !['0', 'false', 'none'].includes(value);
};

/**
 * The heading level (1–6) of each paragraph style that has one: its outline level (w:outlineLvl,
 * 0 for a first-level heading), else a name "heading N" (Word's built-in names, whatever the
 * language of its display names). Styles based on a heading style inherit its level.
 */
export const headingLevels = (styles: XmlElement | undefined): Map<string, number> => {
  const own = new Map<string, number>();
  const basedOn = new Map<string, string>();
  for (const style of styles ? childElements(styles, 'style') : []) {
    const id = attr(style, 'styleId');
    if (!id || attr(style, 'type') !== 'paragraph') continue;
    const outline = descendants(style, 'outlineLvl')[0];
    const name = (attr(firstChild(style, 'name') ?? style, 'val') ?? '').toLowerCase();
    const level = outline
      ? Number(attr(outline, 'val')) + 1
      : Number(/^heading (\d)$/.exec(name)?.[1] ?? NaN);
    if (level >= 1 && level <= 9) own.set(id, Math.min(6, level));
    const parent = firstChild(style, 'basedOn');
    if (parent) basedOn.set(id, attr(parent, 'val') ?? '');
  }
  const levels = new Map(own);
  for (const id of basedOn.keys()) {
    let at: string | undefined = id;
    for (let hops = 0; at && hops < 10 && !own.has(at); hops++) at = basedOn.get(at);
    if (at && own.has(at) && !levels.has(id)) levels.set(id, own.get(at)!);
  }
  return levels;
};

/**
 * The body of a Word document as HTML: `h1`–`h6` for headings, `p`, `strong` / `em` / `u` for
 * emphasis, `br`, `ul`/`li` for numbered and bulleted paragraphs, `table` for tables (nested ones
 * in their cells, drawn with borders). Text is escaped and nothing of the document's own attributes is kept (no style,
 * no link target, no image): the preview shows the document's structure and nothing in it can run
 * or load. Deleted text and field codes are left out, as in the text. Answers undefined past
 * MAX_PREVIEW_HTML.
 */
export const bodyHtml = (body: XmlElement, headings: Map<string, number>): string | undefined => {
  const out: string[] = [];
  let size = 0;
  const push = (html: string) => {
    out.push(html);
    size += html.length;
  };

  const runs = (element: XmlElement) => {
    for (const node of element.children) {
      if (!isElement(node)) continue;
      const name = local(node.name);
      if (SKIPPED.has(name)) continue;
      if (name === 'r') {
        const properties = firstChild(node, 'rPr');
        const wraps = (['b', 'i', 'u'] as const).filter((p) => on(properties, p));
        const tags = wraps.map((p) => ({ b: 'strong', i: 'em', u: 'u' })[p]);
        push(tags.map((t) => `<${t}>`).join(''));
        runs(node);
        push(
          tags
            .reverse()
            .map((t) => `</${t}>`)
            .join(''),
        );
      } else if (name === 't') push(escape(textOf(node)));
      else if (name === 'tab' || name === 'ptab') push('\t');
      else if (name === 'br' || name === 'cr') push('<br>');
      else if (name === 'noBreakHyphen') push('-');
      else if (name === 'AlternateContent') runs({ ...node, children: chosen(node) });
      else if (name === 'oMath' || name === 'oMathPara')
        push(escape(descendants(node, 't').map(textOf).join('')));
      else if (name === 'sdt') childElements(node, 'sdtContent').forEach(runs);
      else if (TRANSPARENT.has(name)) runs(node);
    }
  };

  const blocks = (container: XmlElement) => {
    let inList = false;
    const endList = () => {
      if (inList) push('</ul>');
      inList = false;
    };
    for (const node of container.children) {
      if (size > MAX_PREVIEW_HTML) return;
      if (!isElement(node)) continue;
      const name = local(node.name);
      if (name === 'p') {
        const properties = firstChild(node, 'pPr');
        const style = properties && attr(firstChild(properties, 'pStyle') ?? properties, 'val');
        const outline = properties && firstChild(properties, 'outlineLvl');
        const level = outline
          ? Math.min(6, Number(attr(outline, 'val')) + 1)
          : style
            ? headings.get(style)
            : undefined;
        const listed = properties !== undefined && firstChild(properties, 'numPr') !== undefined && !level;
        if (listed && !inList) push('<ul>');
        if (!listed) endList();
        inList = listed;
        const tag = listed ? 'li' : level && level >= 1 ? `h${level}` : 'p';
        push(`<${tag}>`);
        runs(node);
        push(`</${tag}>`);
      } else {
        endList();
        if (name === 'tbl') {
          push('<table border="1" cellpadding="4">');
          for (const row of childElements(node, 'tr')) {
            push('<tr>');
            for (const cell of childElements(row, 'tc')) {
              const span = Number(
                attr(firstChild(firstChild(cell, 'tcPr') ?? cell, 'gridSpan') ?? cell, 'val'),
              );
              push(span > 1 && span < 100 ? `<td colspan="${span}">` : '<td>');
              blocks(cell);
              push('</td>');
            }
            push('</tr>');
          }
          push('</table>');
        } else if (name === 'sdt') childElements(node, 'sdtContent').forEach(blocks);
        else if (name === 'AlternateContent') blocks({ ...node, children: chosen(node) });
        else if (name === 'customXml' || name === 'ins' || name === 'moveTo') blocks(node);
      }
    }
    endList();
  };

  blocks(body);
  return size > MAX_PREVIEW_HTML ? undefined : out.join('');
};
